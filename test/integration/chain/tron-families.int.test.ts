import { testTronAccountPublicKey } from '@gw/chain/testing';
import { tronAddressFromHex } from '@gw/platform';
import { fromBaseUnits } from '@gw/pricing';
import type { MerchantKeys } from '@gw/application';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { readyMerchant } from '../../e2e/alpha/alpha-fixtures';
import { AnvilNode } from '../../support/chain/anvil-node';
import type { EvmCoin } from '../../support/chain/evm-coins';
import { TestToken } from '../../support/chain/test-token';
import { trc20Coin, trxCoin } from '../../support/chain/tron-coins';
import { TronHttpStandIn } from '../../support/chain/tron-stand-ins';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';
import type { TestGateway } from '../../support/gateway';
import { alphaSpecs } from './evm-families/alpha-specs';
import { betaSpecs } from './evm-families/beta-specs';
import type { CoinCase, PaidIn } from './evm-families/paid-in';
import { v1Specs } from './evm-families/v1-specs';

/** Tron mainnet's chain id, which the anvil standing in for Tron's JSON-RPC reports. */
const TRON_MAINNET_CHAIN_ID = 728126428;
/** Blocks a deposit needs: its own (anvil mines it at once) and two more (Tron's default is 19, solidified). */
const REQUIRED_CONFIRMATIONS = 3;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

const FROM_ACCOUNT = ['an account', 'account'] as const;
const FROM_CONTRACT = ['a contract', 'contract'] as const;
/**
 * TRX and USDT-TRC20 paid in every family, each by a merchant taking only it into its own trx wallet
 * (account `account` of the test seed at m/44'/195'): family A names them with `network: tron`; family B
 * opens an invoice priced in the coin itself (its fiat invoice defaulting to USDT on Tron is in
 * tron-lifecycle). TRX's wallet link is `tron:` with the amount (Trust Wallet's form); USDT's the bare
 * address, as no Tron wallet agrees on a token URI (see the catalogue).
 */
const COINS: readonly (CoinCase & { account: number })[] = [
  {
    code: 'trx',
    alpha: { to_currency: 'TRX', network: 'tron' },
    beta: { amount: 60, currency: 'TRX' },
    senders: [FROM_ACCOUNT],
    address: TRON_ADDRESS,
    walletLink: (address, units) => `tron:${address}?amount=${fromBaseUnits(units.toString(), 6)}`,
    account: 1,
  },
  {
    code: 'usdttrc20',
    alpha: { to_currency: 'USDT', network: 'tron' },
    beta: { amount: 20, currency: 'USDT' },
    senders: [FROM_ACCOUNT, FROM_CONTRACT],
    address: TRON_ADDRESS,
    walletLink: (address) => address,
    account: 2,
  },
];

/** A merchant taking `coin` only, into its own trx wallet (account `account` of the test seed). */
async function merchantTaking(gateway: TestGateway, coin: string, account: number): Promise<MerchantKeys> {
  const keys = await gateway.createMerchant(`takes ${coin} only`);
  const admin = adminClient(gateway);
  const wallet = await admin('PUT', `/merchants/${keys.merchantId}/wallets/trx`, {
    body: { extended_public_key: testTronAccountPublicKey(account) },
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
 * TRX and USDT-TRC20 in each family, in its own vocabulary (evm-families/, shared with the EVM chains):
 * anvil started with Tron's mainnet chain id as the trx watcher's JSON-RPC node, a 6-decimal token the
 * test deploys as usdttrc20, and a stand-in of java-tron's HTTP API (where a TRX transfer is told from
 * other value-carrying contracts). Exact payments, partial then the rest, overpayments, money after
 * expiry, a reorganisation (anvil_reorg) and a restart of the whole gateway between the deposit and its
 * confirmations, each paid to a `T…` address at its hex form, as Tron's JSON-RPC names it.
 */
describe('the trx watcher on anvil as a Tron node: TRX and USDT-TRC20 in families V1, A and B', () => {
  let node: AnvilNode;
  let token: TestToken;
  let httpApi: TronHttpStandIn;
  let chain: WatchingGateway;
  const paying = new Map<string, { coin: EvmCoin; merchant: MerchantKeys }>();
  const figures: string[] = [];

  beforeAll(async () => {
    node = await AnvilNode.start(TRON_MAINNET_CHAIN_ID);
    token = await TestToken.deploy(node, 6);
    httpApi = await TronHttpStandIn.start(node);
    chain = await startWatchingGateway({
      name: 'tron-families',
      env: {
        TRON_RPC_URL: node.url,
        TRON_HTTP_URL: httpApi.url,
        TRON_CONFIRMATIONS: String(REQUIRED_CONFIRMATIONS),
        TRON_USDT_CONTRACT: tronAddressFromHex(token.address),
      },
      walletNetwork: 'trx',
      extendedPublicKey: testTronAccountPublicKey(),
      stopNode: async () => {
        await httpApi.stop();
        await node.stop();
      },
    });
    for (const { code, account } of COINS) {
      const coin = code === 'trx' ? trxCoin(node) : trc20Coin(token, code);
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
});
