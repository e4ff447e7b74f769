import { testEvmAccountPublicKey } from '@gw/chain/testing';
import type { MerchantKeys } from '@gw/application';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { readyMerchant } from '../../e2e/alpha/alpha-fixtures';
import { AnvilNode } from '../../support/chain/anvil-node';
import { nativeCoin, tokenCoin, type EvmCoin } from '../../support/chain/evm-coins';
import { TestToken } from '../../support/chain/test-token';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';
import type { TestGateway } from '../../support/gateway';
import { alphaSpecs } from './evm-families/alpha-specs';
import { betaSpecs } from './evm-families/beta-specs';
import type { CoinCase, PaidIn } from './evm-families/paid-in';
import { v1Specs } from './evm-families/v1-specs';

/** Blocks a deposit needs: its own (it is mined at once on anvil) and two more. */
const REQUIRED_CONFIRMATIONS = 3;

const FROM_ACCOUNT = ['an account', 'account'] as const;
const FROM_CONTRACT = ['a contract', 'contract'] as const;
/**
 * The coins paid in every family, each by a merchant taking only it into its own evm wallet (account
 * `account` of the test seed): the token is also sent from a contract; ETH a contract forwards leaves no
 * trace the watcher reads.
 */
const COINS: readonly (CoinCase & { account: number })[] = [
  { code: 'eth', alpha: { to_currency: 'ETH', network: 'ETH' }, senders: [FROM_ACCOUNT], account: 1 },
  {
    code: 'usdterc20',
    alpha: { to_currency: 'USDT', network: 'ETH' },
    senders: [FROM_ACCOUNT, FROM_CONTRACT],
    account: 2,
  },
];

/** A merchant taking `coin` only, into its own evm wallet (account `account` of the test seed). */
async function merchantTaking(gateway: TestGateway, coin: string, account: number): Promise<MerchantKeys> {
  const keys = await gateway.createMerchant(`takes ${coin} only`);
  const admin = adminClient(gateway);
  const wallet = await admin('PUT', `/merchants/${keys.merchantId}/wallets/eth`, {
    body: { extended_public_key: testEvmAccountPublicKey(account) },
  });
  const coins = await admin('PUT', `/merchants/${keys.merchantId}/coins`, {
    body: { enabled_coins: [coin] },
  });
  if (wallet.status !== 200 || coins.status !== 200)
    throw new Error(
      `the merchant's wallet or coins were refused: ${JSON.stringify([wallet.body, coins.body])}`,
    );
  return readyMerchant(gateway, keys);
}

/**
 * ETH and a 6-decimal ERC-20 (as usdterc20) paid on a private anvil in each family, in its own
 * vocabulary (evm-families/): exact payments (the token also from a contract), partial then the rest,
 * overpayments, money after expiry, a reorganisation and a restart of the whole gateway, with the
 * transaction hash in each family's records and webhooks. One anvil and one gateway serve the file.
 */
describe('the eth watcher on a private anvil: ETH and a 6-decimal ERC-20 in families V1, A and B', () => {
  let node: AnvilNode;
  let token: TestToken;
  let chain: WatchingGateway;
  const paying = new Map<string, { coin: EvmCoin; merchant: MerchantKeys }>();
  const figures: string[] = [];

  beforeAll(async () => {
    node = await AnvilNode.start();
    token = await TestToken.deploy(node);
    chain = await startWatchingGateway({
      name: 'eth',
      env: node.watcherEnv(REQUIRED_CONFIRMATIONS, token.address),
      walletNetwork: 'eth',
      extendedPublicKey: testEvmAccountPublicKey(),
      stopNode: () => node.stop(),
    });
    for (const { code, account } of COINS) {
      const coin = code === 'eth' ? nativeCoin(node, code) : tokenCoin(token, code);
      paying.set(code, { coin, merchant: await merchantTaking(chain.gateway, code, account) });
    }
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
    if (figures.length > 0) process.stdout.write(`\n${figures.join('\n')}\n`);
  });

  describe.each(COINS)('paid in $code', (coinCase) => {
    const paidIn = (): PaidIn => ({
      node,
      chain,
      ...paying.get(coinCase.code)!,
      requiredConfirmations: REQUIRED_CONFIRMATIONS,
      figures,
    });
    v1Specs(paidIn, coinCase);
    alphaSpecs(paidIn, coinCase);
    betaSpecs(paidIn, coinCase);
  });

  it('lists the configured token contract, not the mainnet one, in /v1/full-currencies', async () => {
    const response = await fetch(`${chain.gateway.baseUrl}/v1/full-currencies`);
    const { currencies } = (await response.json()) as {
      currencies: { code: string; smart_contract: string | null }[];
    };
    expect(currencies.filter((c) => ['eth', 'usdterc20'].includes(c.code))).toEqual([
      expect.objectContaining({ code: 'eth', smart_contract: null }),
      expect.objectContaining({ code: 'usdterc20', smart_contract: token.address }),
    ]);
  });

  it('counts a token deposit once when a reorganisation mines it again behind another log of its new block', async () => {
    const { coin, merchant } = paying.get('usdterc20')!;
    const call = v1Caller(
      () => chain.gateway.baseUrl,
      () => merchant.apiKey,
    );
    const payment = await call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'usdterc20',
    });
    const signed = await coin.sign(payment.pay_address, coin.units(payment.pay_amount));
    const txHash = await node.broadcast(signed);
    await chain.events.until(payment.payment_id, 'PaymentConfirming');
    await node.reorg(1);
    await chain.events.until(payment.payment_id, 'DepositConfirmationsLost');

    // Someone else's token transfer comes first in the new block: the buyer's log has another index there.
    const strangers = await token.signStrangersPayout(node.strangerAccount.address, 1n);
    await node.mineInOneBlock([strangers, signed]);
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    const history = await Promise.race([
      chain.events.until(payment.payment_id, 'PaymentFinished'),
      chain.events.until(payment.payment_id, 'DepositDetected', 2),
    ]);
    expect(history.filter((e) => e.type === 'DepositDetected')).toHaveLength(1);
    expect(history.map((e) => e.type)).toContain('PaymentFinished');
    expect(await call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`)).toMatchObject({
      payment_status: 'finished',
      payin_hash: txHash,
      actually_paid: payment.pay_amount,
    });
  });

  // Last: the node goes away for good.
  it('shows a node outage in metrics, the replica staying Ready', async () => {
    await node.stop();
    const metrics = async () => (await fetch(`${chain.gateway.baseUrl}/metrics`)).text();
    while (!(await metrics()).includes('chain_node_up{network="eth",gateway_service="all"} 0'))
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await fetch(`${chain.gateway.baseUrl}/health/ready`)).status).toBe(200);
  });
});
