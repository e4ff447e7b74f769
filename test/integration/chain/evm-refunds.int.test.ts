import { testEvmAccountPublicKey } from '@gw/chain/testing';
import type { MerchantKeys } from '@gw/application';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { readyMerchant } from '../../e2e/alpha/alpha-fixtures';
import { AnvilNode } from '../../support/chain/anvil-node';
import { tokenCoin, type EvmCoin } from '../../support/chain/evm-coins';
import { TestToken } from '../../support/chain/test-token';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';
import { webhookCall } from '../../support/chain/webhook-calls';

/** Blocks a transfer needs: its own (anvil mines it at once) and two more. */
const REQUIRED_CONFIRMATIONS = 3;

interface RefundStatus {
  refund_status: string;
  amount: string | null;
  payment_uri: string | null;
  refund_hash: string | null;
}

/**
 * A refund of a 6-decimal ERC-20 (as usdterc20) on a private anvil: the merchant asks for it, the
 * refund comes in another account's transaction (a Transfer log of the token to the buyer), and the
 * watcher marks the payment refunded with that hash once it has the payment's confirmations.
 */
describe('refunds of an ERC-20 on a private anvil', () => {
  let node: AnvilNode;
  let chain: WatchingGateway;
  let token: TestToken;
  let coin: EvmCoin;
  let merchant: MerchantKeys;

  beforeAll(async () => {
    node = await AnvilNode.start();
    token = await TestToken.deploy(node);
    coin = tokenCoin(token, 'usdterc20');
    chain = await startWatchingGateway({
      name: 'eth-refunds',
      env: node.watcherEnv(REQUIRED_CONFIRMATIONS, token.address),
      walletNetwork: 'eth',
      extendedPublicKey: testEvmAccountPublicKey(),
      stopNode: () => node.stop(),
    });
    const admin = adminClient(chain.gateway);
    merchant = await chain.gateway.createMerchant('takes usdterc20');
    const wallet = await admin('PUT', `/merchants/${merchant.merchantId}/wallets/eth`, {
      body: { extended_public_key: testEvmAccountPublicKey(2) },
    });
    const coins = await admin('PUT', `/merchants/${merchant.merchantId}/coins`, {
      body: { enabled_coins: ['usdterc20'] },
    });
    expect([wallet.status, coins.status]).toEqual([200, 200]);
    await readyMerchant(chain.gateway, merchant);
  }, 120_000);

  afterAll(() => chain?.stop());

  it('is refunded with the hash of the token transfer to the buyer, with the IPN', async () => {
    const call = v1Caller(
      () => chain.gateway.baseUrl,
      () => merchant.apiKey,
    );
    const payment = await call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'usdterc20',
      ipn_callback_url: `${chain.webhooks.url}/ipn`,
    });
    await coin.pay(payment.pay_address, coin.units(payment.pay_amount));
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    await chain.events.until(payment.payment_id, 'PaymentFinished');

    const buyer = node.buyerAccount.address;
    const admin = adminClient(chain.gateway);
    const requested = await admin<RefundStatus>('POST', `/payments/${payment.payment_id}/refund-request`, {
      body: { address: buyer },
    });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({ refund_status: 'pending', amount: String(payment.pay_amount) });
    expect(requested.body.payment_uri).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@\d+\/transfer\?address=/);

    // Too little first (refunds nothing), then the full amount, each from the stranger's transaction.
    await node.broadcast(await token.signStrangersPayout(buyer, coin.units(payment.pay_amount) - 1n));
    const refundHash = await node.broadcast(
      await token.signStrangersPayout(buyer, coin.units(payment.pay_amount)),
    );
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    const history = await chain.events.until(payment.payment_id, 'PaymentRefunded');
    expect(history.filter((e) => e.type === 'PaymentRefunded').map((e) => e.data)).toEqual([
      expect.objectContaining({ refundHash }),
    ]);
    await webhookCall(
      chain.webhooks,
      (json) => json.payment_id === payment.payment_id && json.payment_status === 'refunded',
    );
    const status = await admin<RefundStatus>('GET', `/payments/${payment.payment_id}/refund`);
    expect(status.body).toMatchObject({ refund_status: 'refunded', refund_hash: refundHash });
  });
});
