import { testAccountPublicKey } from '@gw/chain/testing';
import { adminClient } from '../admin/admin-helpers';
import { RegtestNode } from '../../support/chain/regtest-node';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { expectV1Error, readyClient } from './v1-client';

const BASE = { price_amount: 100, price_currency: 'usd', pay_currency: 'btc' };

/**
 * With the sandbox off, a payment needs the merchant's wallet and a watched node for its chain, which
 * is asked about each address before it is handed out: a private regtest node of this file's own (no
 * deposit is expected here).
 */
describe('V1 payments outside the sandbox', () => {
  let gateway: TestGateway;
  let node: RegtestNode;

  beforeAll(async () => {
    // Real payments only: bitcoin on a regtest node, to the merchant's own wallet.
    node = await RegtestNode.start('btc');
    gateway = await startTestGateway({
      env: {
        SANDBOX_ENABLED: 'false',
        PAYMENT_LIFETIME_MINUTES: '90',
        ...node.watcherEnv(1),
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

  afterAll(async () => {
    await gateway?.stop();
    await node?.destroy();
  });

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
