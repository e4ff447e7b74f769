import { testAccountPublicKey } from '@gw/chain/src/testing';
import { adminClient } from '../admin/admin-helpers';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { expectV1Error, readyClient } from './v1-client';

const BASE = { price_amount: 100, price_currency: 'usd', pay_currency: 'btc' };

/**
 * With the sandbox off, a payment needs the merchant's wallet and a watched node for its chain. The node
 * URL leads nowhere (no deposit is expected here), so a fleet of processes, whose chain service is not
 * ready without its node, does not run this file.
 */
describe('V1 payments outside the sandbox', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    // Real payments only: bitcoin on a regtest node (nothing listens: no deposit is expected here), to the
    // merchant's own wallet.
    gateway = await startTestGateway({
      env: {
        SANDBOX_ENABLED: 'false',
        PAYMENT_LIFETIME_MINUTES: '90',
        BTC_RPC_URL: 'http://127.0.0.1:18598',
        BTC_CHAIN: 'regtest',
      },
    });
    const wallet = await adminClient(gateway)(
      'PUT',
      `/merchants/${gateway.demoMerchant.merchantId}/wallets/btc`,
      {
        body: { extended_public_key: testAccountPublicKey(1, 'vpub') },
      },
    );
    expect(wallet.status).toBe(200);
  });

  afterAll(() => gateway.stop());

  it('refuses the sandbox case field', async () => {
    const answer = await (await readyClient(gateway)).post('/v1/payment', { ...BASE, case: 'success' });
    expectV1Error(answer, 400, 'INVALID_REQUEST_PARAMS', 'case is only accepted when the sandbox is enabled');
  });

  it('uses the configured payment lifetime', async () => {
    const created = await (await readyClient(gateway)).createPayment();
    expect(Date.parse(created.expiration_estimate_date) - Date.parse(created.created_at)).toBe(
      90 * 60 * 1000,
    );
  });
});
