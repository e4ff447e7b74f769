import { testAccountPublicKey } from '@gw/chain/testing';
import { adminClient } from '../admin/admin-helpers';
import { RegtestNode } from '../../support/chain/regtest-node';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { watchedPayments } from '../../../services/chain/src/watchers/watched-payments';
import { MerchantCalls } from './merchant-calls';

/** Litecoin on a private regtest node (no deposit is expected here), and no sandbox. */
const realMoneyOnly = (node: RegtestNode) => ({
  SANDBOX_ENABLED: 'false',
  ...node.watcherEnv(1),
  LTC_CHAIN: 'regtest',
});

/**
 * Outside the sandbox an address nobody can spend from is never handed out: a coin is listed and
 * accepted only on a network where the merchant has a wallet and a watcher runs, in every family.
 */
describe('with the sandbox off', () => {
  let gateway: TestGateway;
  let merchant: MerchantCalls;

  const createInEveryFamily = (coin: 'btc' | 'ltc') =>
    Promise.all([
      merchant.v1('POST', '/v1/payment', { price_amount: 50, price_currency: 'usd', pay_currency: coin }),
      merchant.alpha('/alpha/v1/payment', {
        amount: '50',
        currency: 'USD',
        to_currency: coin.toUpperCase(),
        order_id: `real-${coin}-${Date.now()}`,
      }),
      merchant.beta('POST', '/beta/v1/payment/invoice', { amount: 50, currency: coin.toUpperCase() }),
    ]);
  const listedByEveryFamily = async () => {
    const invoice = await merchant.v1('POST', '/v1/invoice', { price_amount: 50, price_currency: 'usd' });
    const [v1Public, v1Own, v1FullPublic, v1FullOwn, v1Merchant, alpha, beta, picker] = await Promise.all([
      fetch(`${gateway.baseUrl}/v1/currencies`).then((response) => response.json()),
      merchant.v1('GET', '/v1/currencies'),
      fetch(`${gateway.baseUrl}/v1/full-currencies`).then((response) => response.json()),
      merchant.v1('GET', '/v1/full-currencies'),
      merchant.v1('GET', '/v1/merchant/coins'),
      merchant.alpha('/alpha/v1/payment/services', {}),
      merchant.beta('GET', '/beta/v1/common/currencies'),
      fetch(`${gateway.baseUrl}/invoice/${String(invoice.body.id)}`).then((response) => response.text()),
    ]);
    const codesOf = (body: unknown) =>
      (body as { currencies: { code: string }[] }).currencies.map((c) => c.code);
    return {
      v1Public: (v1Public as { currencies: string[] }).currencies,
      v1Own: v1Own.body.currencies as string[],
      v1FullPublic: codesOf(v1FullPublic),
      v1FullOwn: codesOf(v1FullOwn.body),
      picker: [...picker.matchAll(/name="pay_currency"\s+id="coin-[^"]+"\s+value="([^"]+)"/g)].map(
        (m) => m[1],
      ),
      v1Merchant: (v1Merchant.body.selectedCurrencies as { code: string }[]).map((coin) => coin.code),
      alpha: (alpha.body.result as { currency: string; network: string; is_available: boolean }[])
        .filter((service) => service.is_available)
        .map((service) => service.currency),
      beta: Object.keys(beta.body.data as Record<string, unknown>),
    };
  };

  let node: RegtestNode;

  beforeAll(async () => {
    node = await RegtestNode.start('ltc');
    gateway = await startTestGateway({ env: realMoneyOnly(node) });
    merchant = new MerchantCalls(gateway.baseUrl, gateway.demoMerchant);
  });

  afterAll(async () => {
    await gateway?.stop();
    await node?.destroy();
  });

  it('refuses every create in each family while the merchant has no wallet, and lists no coin for it', async () => {
    const [v1, alpha, beta] = await createInEveryFamily('ltc');
    expect(v1).toMatchObject({ status: 400, body: { status: false, statusCode: 400 } });
    expect(alpha.status).toBe(422);
    expect(alpha.body).toMatchObject({ state: 1 });
    expect(beta.status).toBe(400);
    expect(beta.body).toMatchObject({
      status: 400,
      error: expect.objectContaining({ type: expect.any(String) }),
    });
    for (const answer of [v1, alpha, beta]) expect(JSON.stringify(answer.body)).toMatch(/ltc|LTC/);

    const listed = await listedByEveryFamily();
    expect(listed.v1Own).toEqual([]);
    expect(listed.v1FullOwn).toEqual([]);
    expect(listed.v1Merchant).toEqual([]);
    expect(listed.alpha).toEqual([]);
    expect(listed.picker).toEqual([]);
    // The public lists show what any merchant could be paid in: the watched network's coin.
    expect(listed.v1Public).toEqual(['ltc']);
    expect(listed.v1FullPublic).toEqual(['ltc']);
    expect(listed.beta).toEqual(['LTC']);
  });

  it("takes a coin once the merchant's wallet is set for a watched network, and only that coin", async () => {
    const set = await adminClient(gateway)(
      'PUT',
      `/merchants/${gateway.demoMerchant.merchantId}/wallets/ltc`,
      {
        body: { extended_public_key: testAccountPublicKey(1, 'vpub') },
      },
    );
    expect(set.status).toBe(200);

    const [v1, alpha, beta] = await createInEveryFamily('ltc');
    expect([v1.status, alpha.status, beta.status]).toEqual([201, 200, 200]);
    expect(v1.body.pay_address).toMatch(/^rltc1q/);
    expect(alpha.body.result.address).toMatch(/^rltc1q/);
    const page = await fetch(`${gateway.baseUrl}/pay/${String(alpha.body.result.uuid)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('Test payment');

    const [btcV1] = await createInEveryFamily('btc');
    expect(btcV1.status).toBe(400);

    const listed = await listedByEveryFamily();
    expect(listed.v1Own).toEqual(['ltc']);
    expect(listed.v1FullOwn).toEqual(['ltc']);
    expect(listed.v1Merchant).toEqual(['ltc']);
    expect(listed.alpha).toEqual(['LTC']);
    expect(listed.picker).toEqual(['ltc']);
  });

  it('refuses new payments again once the wallet is removed, while a payment already paying to it stays watched', async () => {
    const admin = adminClient(gateway);
    const walletPath = `/merchants/${gateway.demoMerchant.merchantId}/wallets/ltc`;
    const [inFlight] = await createInEveryFamily('ltc');
    expect(inFlight.status).toBe(201);

    const removed = await admin('DELETE', walletPath);
    expect(removed).toMatchObject({
      status: 200,
      body: { merchant_id: gateway.demoMerchant.merchantId, network: 'ltc', removed: true },
    });
    const [v1, alpha, beta] = await createInEveryFamily('ltc');
    expect([v1.status, alpha.status, beta.status]).toEqual([400, 422, 400]);
    const listed = await listedByEveryFamily();
    expect(listed.v1Own).toEqual([]);
    expect(listed.v1Merchant).toEqual([]);
    expect(listed.alpha).toEqual([]);
    expect(listed.picker).toEqual([]);
    expect((await admin('GET', `/merchants/${gateway.demoMerchant.merchantId}/wallets`)).body).toMatchObject({
      result: [],
    });

    // The payment opened before keeps its address, and the watcher still looks for money to it.
    const watched = await watchedPayments(gateway.gateway.ctx.readModels, 'ltc', new Date());
    expect(watched.map((p) => p.payAddress)).toContain(inFlight.body.pay_address);
    expect(await merchant.v1('GET', `/v1/payment/${String(inFlight.body.payment_id)}`)).toMatchObject({
      status: 200,
      body: { payment_status: 'waiting', pay_address: inFlight.body.pay_address },
    });

    expect((await admin('DELETE', walletPath)).status).toBe(404);
  });
});
