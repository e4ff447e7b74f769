import { MerchantDirectory } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { adminClient, eventTypesOf, eventually, v1Get } from './admin-helpers';

describe('admin API: key rotation', () => {
  let gateway: TestGateway;
  let admin: ReturnType<typeof adminClient>;
  let directory: MerchantDirectory;

  beforeAll(async () => {
    gateway = await startTestGateway();
    admin = adminClient(gateway);
    const { readModels, secrets } = gateway.gateway.ctx;
    directory = new MerchantDirectory(readModels, secrets);
  });
  afterAll(() => gateway.stop());

  it('replaces the V1 api key: the old key is refused with 403 at once, the new one works', async () => {
    const merchant = await gateway.createMerchant('Rotating');
    // Use the old key first: a lookup that remembered it (a cache) must not outlive the rotation.
    await eventually(async () =>
      expect((await v1Get(gateway, '/v1/merchant/coins', merchant.apiKey)).status).toBe(200),
    );

    const response = await admin<{ merchant_id: string; credential: string; api_key: string }>(
      'POST',
      `/merchants/${merchant.merchantId}/keys/api-key/rotate`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      merchant_id: merchant.merchantId,
      credential: 'api-key',
      api_key: expect.any(String),
    });
    const newKey = response.body.api_key;
    expect(newKey).not.toBe(merchant.apiKey);
    expect(Buffer.from(newKey, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect((await eventTypesOf(gateway, `merchant-${merchant.merchantId}`)).at(-1)).toBe(
      'MerchantCredentialRotated',
    );

    await eventually(async () => {
      expect((await v1Get(gateway, '/v1/merchant/coins', merchant.apiKey)).status).toBe(403);
      expect((await v1Get(gateway, '/v1/merchant/coins', newKey)).status).toBe(200);
    });
    const old = await v1Get(gateway, '/v1/payment/', merchant.apiKey);
    expect(old.status).toBe(403);
    expect(old.body).toMatchObject({ statusCode: 403 });
  });

  it('replaces the family B api key: found by the new key only, and re-sealed for webhook signing', async () => {
    const merchant = await gateway.createMerchant('Rotating B');
    const response = await admin<{ beta_api_key: string }>(
      'POST',
      `/merchants/${merchant.merchantId}/keys/beta-api-key/rotate`,
    );
    expect(response.status).toBe(200);
    const newKey = response.body.beta_api_key;
    expect(newKey).not.toBe(merchant.betaApiKey);
    await eventually(async () => {
      expect(await directory.byBetaApiKey(merchant.betaApiKey)).toBeNull();
      const found = await directory.byBetaApiKey(newKey);
      expect(found?.merchantId).toBe(merchant.merchantId);
      expect(directory.betaApiKeyOf(found!)).toBe(newKey);
    });
  });

  it.each([
    [
      'payment-key',
      'payment_key',
      'paymentKey',
      (d: MerchantDirectory, m: Parameters<MerchantDirectory['paymentKeyOf']>[0]) => d.paymentKeyOf(m),
    ],
    [
      'ipn-secret',
      'ipn_secret',
      'ipnSecret',
      (d: MerchantDirectory, m: Parameters<MerchantDirectory['ipnSecretOf']>[0]) => d.ipnSecretOf(m),
    ],
  ] as const)('replaces the %s, which signatures then use', async (path, field, keyName, open) => {
    const merchant = await gateway.createMerchant(`Rotating ${path}`);
    const response = await admin<Record<string, string>>(
      'POST',
      `/merchants/${merchant.merchantId}/keys/${path}/rotate`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      merchant_id: merchant.merchantId,
      credential: path,
      [field]: expect.any(String),
    });
    const newSecret = response.body[field]!;
    expect(newSecret).not.toBe(merchant[keyName]);
    await eventually(async () => {
      const doc = await directory.byId(merchant.merchantId);
      expect(open(directory, doc!)).toBe(newSecret);
    });
    // The V1 api key is untouched by rotating another credential.
    expect((await v1Get(gateway, '/v1/merchant/coins', merchant.apiKey)).status).toBe(200);
  });

  it('refuses an unknown credential with 400', async () => {
    const response = await admin(
      'POST',
      `/merchants/${gateway.demoMerchant.merchantId}/keys/master-key/rotate`,
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'credential must be one of api-key, beta-api-key, payment-key, ipn-secret',
    });
  });

  it('answers 404 for an unknown merchant and records nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    const response = await admin('POST', `/merchants/${unknown}/keys/api-key/rotate`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'merchant not found' });
    expect(await eventTypesOf(gateway, `merchant-${unknown}`)).toEqual([]);
  });
});
