import { tronAddressToHex, type ChainNodeConfig, type TronNodeConfig } from '@gw/platform';
import { lookupCryptoCurrency } from '@gw/pricing';
import { EvmChainSource } from '../evm/evm-chain-source';
import type { ChainSource } from '../chain-source';
import { ThrottledFetch } from './throttled-fetch';
import { TronHttpApi } from './tron-http-api';

const hexOrNull = (address: string): string | null => {
  try {
    return tronAddressToHex(address);
  } catch {
    return null;
  }
};

/** A Tron source and what its provider's rate limit cost it. */
export type TronChainSource = ChainSource & { throttledRequests(): number };

/**
 * Tron read over its Ethereum-compatible JSON-RPC (java-tron's node.jsonrpc, TronGrid, QuickNode,
 * Chainstack), the subset an EVM chain is read with: blocks by number and hash, Transfer logs of the
 * TRC-20 contracts (USDT) to the pay addresses, receipts, balances at `latest`. Addresses go over the
 * wire in 20-byte hex without Tron's `41` prefix; pay addresses and contracts are `T…` everywhere else.
 * Tron has no account nonce on that API, so an address's history is its TRX and token balances and the
 * Transfer logs to it. A TRX deposit is confirmed on the node's HTTP API (TronHttpApi). Every request
 * carries the provider's key header and keeps within the configured requests a second.
 */
export function tronChainSource(node: ChainNodeConfig & { tron: TronNodeConfig }): TronChainSource {
  const { tron } = node;
  const throttle = new ThrottledFetch({
    requestsPerSecond: tron.requestsPerSecond,
    headers: tron.apiKey ? { 'TRON-PRO-API-KEY': tron.apiKey } : {},
  });
  const httpApi = new TronHttpApi(tron.httpUrl, throttle.fetch);
  const source = new EvmChainSource({
    network: node.network,
    rpcUrl: node.rpcUrl,
    rpcUser: node.rpcUser,
    rpcPassword: node.rpcPassword,
    chainId: tron.chainId,
    nativeCoin: tron.nativeCoin,
    tokens: Object.fromEntries(
      Object.entries(tron.tokens).map(([coin, contract]) => [coin, tronAddressToHex(contract)]),
    ),
    decimalsOf: (coin) => lookupCryptoCurrency(coin).chainDecimals,
    fetchFn: throttle.fetch,
    hexAddressOf: hexOrNull,
    countsSentTransactions: false,
    nativeAmountOf: (tx) => httpApi.trxTransferred(tx.hash, tx.to),
  });
  return Object.assign(source, { throttledRequests: () => throttle.stats.throttled });
}
