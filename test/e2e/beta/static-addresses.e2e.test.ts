import { validatorFor } from '@gw/contracts';
import { betaErrorSchema, betaStaticAddressListSchema, betaSuccess } from '@gw/contracts/api/beta';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { readyMerchant } from '../alpha/alpha-fixtures';
import { BetaClient } from './beta-client';

const matchesError = validatorFor(betaErrorSchema);
const matchesList = validatorFor(betaSuccess('list', betaStaticAddressListSchema));

/**
 * Static addresses on a gateway without a watched wallet (the sandbox): none is handed out, since
 * nothing would ever pay it. Handing out, deposits and revocation on real nodes:
 * test/integration/chain/static-addresses.int.test.ts and evm-static-addresses.int.test.ts.
 */
describe('/beta/v1/payment/static-address without a watched wallet', () => {
  let gateway: TestGateway;
  let client: BetaClient;

  beforeAll(async () => {
    gateway = await startTestGateway();
    client = new BetaClient(gateway.baseUrl, await readyMerchant(gateway, gateway.demoMerchant));
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it("refuses a network the merchant's wallet is not watched on, naming why", async () => {
    const answer = await client.send('POST', '/payment/static-address', { body: { network: 'BTC' } });
    expect(answer.status).toBe(400);
    expect(matchesError(answer.body)).toBe(true);
    expect(answer.body.error).toMatchObject({
      type: 'validation_error',
      key: 'network',
      message: expect.stringContaining("static addresses are handed out from the merchant's own wallet only"),
    });
  });

  it.each([
    [{}, 'network', 'The network field is required.'],
    [{ network: 'Atlantis' }, 'network', 'The selected network is invalid.'],
    [
      { network: 'BTC', callback_url: 'not a url' },
      'callback_url',
      'The callback url field must be a valid URL.',
    ],
  ])('validates %j', async (body, key, message) => {
    const answer = await client.send('POST', '/payment/static-address', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ key, message });
  });

  it('revokes only an address of the merchant, and lists none', async () => {
    const revoke = await client.send('POST', '/payment/static-address/revoke', {
      body: { address: 'bc1qsomeoneelses', network: 'BTC' },
    });
    expect(revoke.status).toBe(404);
    expect(revoke.body.error).toMatchObject({ type: 'not_found', key: 'address' });
    const missing = await client.send('POST', '/payment/static-address/revoke', { body: {} });
    expect(missing.body.error).toMatchObject({ key: 'address', message: 'The address field is required.' });

    const list = await client.send('GET', '/payment/static-address?have_tx=true&size=5');
    expect(matchesList(list.body)).toBe(true);
    expect(list.body.data).toEqual({ list: [], meta: { page: 1, last_page: 1, total: 0 } });
    expect((await client.send('GET', '/payment/static-address', { apiKey: null })).status).toBe(401);
  });
});
