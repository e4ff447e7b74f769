import { chainFamilyOf, chainNodeFor, type ChainWatchersConfig } from '@gw/platform';
import type { CryptoCurrency } from '@gw/pricing';

/**
 * A catalogue coin as this gateway takes it: on an EVM network whose watcher runs, the chain id and
 * token contract that watcher is configured with (`ETH_CHAIN_ID`, `ETH_USDT_CONTRACT`…) instead of the
 * catalogue's mainnet ones (on Tron, `TRON_USDT_CONTRACT`), so a wallet link or a currency list names the
 * contract deposits are read from.
 */
export function onConfiguredChain(
  currency: CryptoCurrency,
  chainWatchers: ChainWatchersConfig,
): CryptoCurrency {
  const node = chainNodeFor(chainWatchers, currency.network);
  if (!node) return currency;
  const { tokens, evmChainId } = chainFamilyOf(node.network)!.configuredChain(node);
  return {
    ...currency,
    evmChainId: evmChainId ?? currency.evmChainId,
    contractAddress: tokens[currency.code] ?? currency.contractAddress,
  };
}
