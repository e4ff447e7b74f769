import { parseWatchOnlyWallet, receiveAddress } from '@gw/chain';
import { testTronAccountPublicKey } from '@gw/chain/testing';
import {
  loadConfig,
  mainnetNetworksOf,
  tronAddressFromHex,
  tronAddressToHex,
  type ChainNodeConfig,
  type GatewayConfig,
} from '@gw/platform';
import type { ChainSource } from '../../../services/chain/src/watchers/chain-source';
import { chainSourceFor } from '../../../services/chain/src/watchers/chain-sources';
import { AnvilNode } from '../../support/chain/anvil-node';
import { TestToken } from '../../support/chain/test-token';
import { RateLimitingProvider, TronHttpStandIn } from '../../support/chain/tron-stand-ins';

/** Tron mainnet's chain id, as its JSON-RPC reports it (eth_chainId 0x2b6653dc). */
const TRON_MAINNET_CHAIN_ID = 728126428;
const API_KEY = 'test-trongrid-key';
/** The provider refuses this many requests first, as TronGrid over its rate limit does. */
const REFUSED_FIRST = 2;

/**
 * The Tron source against anvil started with Tron's mainnet chain id as the Ethereum-compatible
 * JSON-RPC node (the protocol subset Tron's java-tron and providers serve), behind a provider that
 * rate-limits, with a stand-in of java-tron's HTTP API for telling TRX transfers from other contracts.
 * USDT is a 6-decimal token the test deploys, paid at the hex form of the merchant wallet's T… addresses.
 */
describe('the Tron chain source on anvil as a Tron JSON-RPC node', () => {
  let node: AnvilNode;
  let token: TestToken;
  let provider: RateLimitingProvider;
  let httpApi: TronHttpStandIn;
  let source: ChainSource;
  let tronNode: ChainNodeConfig;
  let config: GatewayConfig;
  const wallet = parseWatchOnlyWallet(testTronAccountPublicKey(), 'trx', 'mainnet');
  const payAddress = receiveAddress(wallet, 0);
  const payHex = tronAddressToHex(payAddress);

  beforeAll(async () => {
    node = await AnvilNode.start(TRON_MAINNET_CHAIN_ID);
    token = await TestToken.deploy(node, 6);
    provider = await RateLimitingProvider.start(node.url, REFUSED_FIRST);
    httpApi = await TronHttpStandIn.start(node);
    config = loadConfig({
      TRON_RPC_URL: `${provider.url}/jsonrpc`,
      TRON_HTTP_URL: httpApi.url,
      TRON_API_KEY: API_KEY,
      TRON_USDT_CONTRACT: tronAddressFromHex(token.address),
      PRICE_FEED: 'coingecko',
    });
    tronNode = config.chainWatchers.nodes.trx!;
    source = chainSourceFor(tronNode);
  }, 120_000);

  afterAll(async () => {
    await provider?.stop();
    await httpApi?.stop();
    await node?.stop();
  });

  it('is configured as Tron mainnet, real money, with the catalogue confirmations unless set and USDT as T…', () => {
    expect(mainnetNetworksOf(config.chainWatchers)).toEqual(['trx']);
    expect(tronNode.confirmations).toBeNull();
    expect(tronNode.tron).toMatchObject({ chainId: TRON_MAINNET_CHAIN_ID, apiKey: API_KEY });
    expect(tronNode.coins).toEqual(['trx', 'usdttrc20']);
    expect(tronNode.tron!.tokens.usdttrc20).toMatch(/^T/);
  });

  it('reads the tip through a provider that answers 429 first: it backs off, retries and counts it', async () => {
    const state = await source.state();
    expect(state.tip.height).toBeGreaterThan(0);
    expect(provider.refused).toBe(REFUSED_FIRST);
    expect(source.throttledRequests!()).toBe(REFUSED_FIRST);
    expect(provider.headers.every((headers) => headers['tron-pro-api-key'] === API_KEY)).toBe(true);
  });

  it('finds USDT sent to the hex form of a T… address by its Transfer log, in base units', async () => {
    expect(await source.addressHistory(payAddress)).toEqual({ used: false, txHash: null });
    const recipient = source.recipientOf({ payAddress, payCurrency: 'usdttrc20' })!;
    expect(recipient).toBe(`${token.address.toLowerCase()}:${payHex}`);
    const txHash = await token.transfer(payHex, 12_340_000n);
    const tip = await source.state();
    const block = await source.block(tip.tip.hash, new Set([recipient]));
    expect(block.transfers).toEqual([{ txHash, outputIndex: 0, recipient, amount: 12_340_000n }]);
    expect(source.decimalsOf('usdttrc20')).toBe(6);
    expect(await source.addressHistory(payAddress)).toEqual({ used: true, txHash });
  });

  it('counts TRX a TransferContract moved, not a TRC-10 amount the JSON-RPC also reports as value', async () => {
    const trxAddress = receiveAddress(wallet, 1);
    const recipient = source.recipientOf({ payAddress: trxAddress, payCurrency: 'trx' })!;
    expect(recipient).toBe(`native:${tronAddressToHex(trxAddress)}`);
    const paid = await node.payNative(tronAddressToHex(trxAddress), 5_000_000n);
    const paidBlock = await source.block((await source.state()).tip.hash, new Set([recipient]));
    expect(paidBlock.transfers).toEqual([{ txHash: paid, outputIndex: null, recipient, amount: 5_000_000n }]);

    const trc10 = await node.payNative(tronAddressToHex(trxAddress), 7_000_000n);
    httpApi.treatAs(trc10, 'TransferAssetContract');
    const trc10Block = await source.block((await source.state()).tip.hash, new Set([recipient]));
    expect(trc10Block.transfers).toEqual([]);
    expect(httpApi.headers.every((headers) => headers['tron-pro-api-key'] === API_KEY)).toBe(true);
  });

  it('takes no EVM 0x address as a Tron pay address', () => {
    expect(source.recipientOf({ payAddress: payHex, payCurrency: 'usdttrc20' })).toBeNull();
  });
});
