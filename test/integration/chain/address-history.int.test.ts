import { parseWatchOnlyWallet, receiveAddress, type WatchOnlyWallet } from '@gw/chain';
import { testAccountPublicKey, testEvmAccountPublicKey } from '@gw/chain/testing';
import type { EventMessage } from '@gw/contracts';
import { streamIdOf } from '@gw/domain';
import { MerchantPayAddresses, type MerchantKeys, type PayAddressSource } from '@gw/application';
import { toBaseUnits } from '@gw/pricing';
import { payAddressChains } from '@gw/service-chain';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { readyMerchant } from '../../e2e/alpha/alpha-fixtures';
import { AnvilNode } from '../../support/chain/anvil-node';
import { nativeCoin, tokenCoin, type EvmCoin } from '../../support/chain/evm-coins';
import { RegtestNode, type RegtestNetwork } from '../../support/chain/regtest-node';
import { RegtestWallet } from '../../support/chain/regtest-wallet';
import { TestToken } from '../../support/chain/test-token';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';

/** Blocks before the create that hold the older money: in the tip block, one below it, and deeper than any lookback. */
const DEPTHS = [1, 2, 10] as const;
/** The watcher looks this far back for an address it sees for the first time (chain-watcher.ts FRESH_ADDRESS_LOOKBACK). */
const WATCHER_LOOKBACK = 6;

/** One chain as these tests drive it: a merchant wallet on it, and a buyer who can pay any address. */
interface Chain {
  chain: WatchingGateway;
  merchant: MerchantKeys;
  payCurrency: string;
  wallet: WatchOnlyWallet;
  /** Pays `units` to the address; resolves once the transaction is sent (UTXO) or mined (EVM). */
  pay(address: string, units: bigint): Promise<string>;
  /** Blocks after `pay` until the transaction is `depth` blocks deep (its own block counted). */
  bury(depth: number): Promise<void>;
  /** After `pay`: what a fresh payment needs to finish (one confirmation). */
  confirm(): Promise<void>;
  units(amount: number): bigint;
  /** Plenty: more than any payment here asks. */
  olderMoney: bigint;
  /** A transaction hash the node names for a used address (null: EVM native coin, known by nonce and balance only). */
  namesTransaction: boolean;
  stop(): Promise<void>;
}

async function utxoChain(network: RegtestNetwork): Promise<Chain> {
  const node = await RegtestNode.start(network);
  const buyer = new RegtestWallet(node);
  await buyer.fund(12);
  const extendedPublicKey = testAccountPublicKey(1, 'vpub');
  const chain = await startWatchingGateway({
    name: `history-${network}`,
    env: { ...node.watcherEnv(1), [`${network.toUpperCase()}_CHAIN`]: 'regtest' },
    walletNetwork: network,
    extendedPublicKey,
    stopNode: () => node.destroy(),
  });
  return {
    chain,
    merchant: chain.gateway.demoMerchant,
    payCurrency: network,
    wallet: parseWatchOnlyWallet(extendedPublicKey, network, 'regtest'),
    pay: (address, units) => buyer.pay([{ address, amount: units }]),
    bury: async (depth) => void (await node.mine(depth)),
    confirm: async () => void (await node.mine(1)),
    units: (amount) => BigInt(toBaseUnits(String(amount), 8)),
    olderMoney: 100_000_000n,
    namesTransaction: true,
    stop: () => chain.stop(),
  };
}

async function evmChain(payCurrency: 'eth' | 'usdterc20', account: number): Promise<Chain> {
  const node = await AnvilNode.start();
  const token = await TestToken.deploy(node);
  const coin: EvmCoin = payCurrency === 'eth' ? nativeCoin(node, 'eth') : tokenCoin(token, payCurrency);
  const chain = await startWatchingGateway({
    name: `history-${payCurrency}`,
    env: node.watcherEnv(1, token.address),
    walletNetwork: 'eth',
    extendedPublicKey: testEvmAccountPublicKey(),
    stopNode: () => node.stop(),
  });
  // A merchant taking only this coin, into its own evm wallet.
  const keys = await chain.gateway.createMerchant(`takes ${payCurrency} only`);
  const admin = adminClient(chain.gateway);
  const extendedPublicKey = testEvmAccountPublicKey(account);
  await admin('PUT', `/merchants/${keys.merchantId}/wallets/eth`, {
    body: { extended_public_key: extendedPublicKey },
  });
  await admin('PUT', `/merchants/${keys.merchantId}/coins`, { body: { enabled_coins: [payCurrency] } });
  return {
    chain,
    merchant: await readyMerchant(chain.gateway, keys),
    payCurrency,
    wallet: parseWatchOnlyWallet(extendedPublicKey, 'eth', 'mainnet'),
    pay: (address, units) => coin.pay(address, units),
    // anvil mines each transaction into a block of its own.
    bury: (depth) => node.mine(depth - 1),
    confirm: () => Promise.resolve(),
    units: (amount) => coin.units(amount),
    olderMoney: coin.units(1000),
    namesTransaction: payCurrency !== 'eth',
    stop: () => chain.stop(),
  };
}

const CHAINS: [string, () => Promise<Chain>][] = [
  ['btc on btcd', () => utxoChain('btc')],
  ['ltc on litecoind', () => utxoChain('ltc')],
  ['eth on anvil', () => evmChain('eth', 3)],
  ['an ERC-20 token on anvil', () => evmChain('usdterc20', 4)],
];

/**
 * A merchant's wallet whose next address already received money 1, 2 and 10 blocks before a payment is
 * created (its wallet app used the address, or the key was used before this gateway): the address is
 * skipped on allocation (UsedPayAddressSkipped), and where a node cannot tell an address's history the
 * older money is recorded as prior and never credited. A fresh deposit after the create credits as usual.
 */
describe.each(CHAINS)('money older than the payment, %s', (_name, start) => {
  let c: Chain;
  let nextIndex = 0;
  const results: string[] = [];

  beforeAll(async () => {
    c = await start();
  }, 180_000);

  afterAll(async () => {
    await c?.stop();
    if (results.length > 0) process.stdout.write(`\n${_name}:\n${results.join('\n')}\n`);
  });

  const call = v1Caller(
    () => c.chain.gateway.baseUrl,
    () => c.merchant.apiKey,
  );
  const createPayment = (orderId: string) =>
    call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: c.payCurrency,
      order_id: orderId,
    });
  const readPayment = (payment: V1Payment) => call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`);
  const events = () => c.chain.events;

  /** Pays the fresh payment in full after its create and waits until it is finished. */
  async function payInFull(payment: V1Payment): Promise<string> {
    const txid = await c.pay(payment.pay_address, c.units(payment.pay_amount));
    await c.confirm();
    await events().until(payment.payment_id, 'PaymentFinished');
    return txid;
  }

  /** The next index's address, with money `depth` blocks deep before any payment exists for it. */
  async function usedAddress(depth: number): Promise<{ index: number; address: string; txid: string }> {
    const index = nextIndex;
    const address = receiveAddress(c.wallet, index);
    const txid = await c.pay(address, c.olderMoney);
    await c.bury(depth);
    return { index, address, txid };
  }

  it.each(DEPTHS)(
    'skips an address funded %i block(s) before the create, records the skip, and credits a fresh deposit',
    async (depth) => {
      const used = await usedAddress(depth);
      const payment = await createPayment(`skip-${depth}`);
      expect(payment.pay_address).toBe(receiveAddress(c.wallet, used.index + 1));
      nextIndex = used.index + 2;

      const skip: EventMessage = await events().first(
        (e) => e.type === 'UsedPayAddressSkipped' && e.data.paymentId === payment.payment_id,
      );
      expect(skip.data).toMatchObject({
        skippedIndex: used.index,
        skippedAddress: used.address,
        index: used.index + 1,
        txHash: c.namesTransaction ? used.txid : null,
      });

      const fresh = await payInFull(payment);
      expect(await readPayment(payment)).toMatchObject({
        payment_status: 'finished',
        payin_hash: fresh,
        actually_paid: payment.pay_amount,
      });
      results.push(`  funded ${depth} block(s) before: skipped index ${used.index}, fresh deposit finished`);
    },
    120_000,
  );

  describe('on a node that cannot tell an address history (no address index; spent outputs on litecoind)', () => {
    // The services share the context's address source; this one hands out addresses unchecked.
    let addresses: PayAddressSource & { assign: PayAddressSource['assign'] };

    beforeAll(() => {
      const ctx = c.chain.gateway.gateway.ctx;
      const chains = payAddressChains(ctx.config);
      const blind = new MerchantPayAddresses({
        readModels: ctx.readModels,
        commands: ctx.commands,
        config: ctx.config,
        sandbox: { allocate: () => Promise.reject(new Error('the sandbox is off')) },
        chains: (network) => {
          const node = chains(network);
          return (
            node && {
              state: () => node.state(),
              addressHistory: () => Promise.resolve({ used: false, txHash: null }),
            }
          );
        },
      });
      addresses = ctx.addresses;
      addresses.assign = (request) => blind.assign(request);
    });

    afterAll(() => {
      // The instance's own method again.
      delete (addresses as Partial<PayAddressSource>).assign;
    });

    it.each(DEPTHS)(
      'never credits money sent %i block(s) before the create, and credits a fresh deposit',
      async (depth) => {
        const used = await usedAddress(depth);
        const payment = await createPayment(`blind-${depth}`);
        expect(payment.pay_address).toBe(used.address);
        nextIndex = used.index + 1;

        // Within its lookback the watcher sees the older money, and the payment records it apart.
        if (depth <= WATCHER_LOOKBACK) {
          const seen = await events().first(
            (e) =>
              e.streamId === streamIdOf('payment', payment.payment_id) &&
              (e.type === 'PriorDepositReceived' || e.type === 'DepositDetected'),
          );
          expect(seen).toMatchObject({ type: 'PriorDepositReceived', data: { txHash: used.txid } });
          expect((await readPayment(payment)).payment_status).toBe('waiting');
        }

        const fresh = await payInFull(payment);
        const finished = await readPayment(payment);
        expect(finished).toMatchObject({
          payment_status: 'finished',
          payin_hash: fresh,
          actually_paid: payment.pay_amount,
        });
        const credited = events()
          .of(payment.payment_id)
          .filter((e) => e.type === 'DepositDetected')
          .map((e) => e.data.txHash);
        expect(credited).toEqual([fresh]);
        results.push(
          `  blind node, funded ${depth} block(s) before: ${depth <= WATCHER_LOOKBACK ? 'PriorDepositReceived, ' : ''}never credited; fresh deposit finished`,
        );
      },
      120_000,
    );
  });
});
