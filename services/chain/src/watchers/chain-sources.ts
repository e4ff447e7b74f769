import { chainFamilyOf, type ChainFamilyId, type ChainNodeConfig } from '@gw/platform';
import { lookupCryptoCurrency } from '@gw/pricing';
import type { ChainSource } from './chain-source';
import { EvmChainSource } from './evm/evm-chain-source';
import { tronChainSource } from './tron/tron-chain-source';
import { UtxoChainSource } from './utxo/utxo-chain-source';

/** How each chain family's node is read: the ChainSource its configured node gets. */
const SOURCE_FACTORIES: Record<ChainFamilyId, (node: ChainNodeConfig) => ChainSource> = {
  utxo: (node) =>
    new UtxoChainSource(node.network, { url: node.rpcUrl, user: node.rpcUser, password: node.rpcPassword }),
  evm: (node) =>
    new EvmChainSource({
      network: node.network,
      rpcUrl: node.rpcUrl,
      rpcUser: node.rpcUser,
      rpcPassword: node.rpcPassword,
      ...node.evm!,
      decimalsOf: (coin) => lookupCryptoCurrency(coin).chainDecimals,
    }),
  tron: (node) => tronChainSource({ ...node, tron: node.tron! }),
};

/** The chain source for a configured node, as its chain family reads it. */
export function chainSourceFor(node: ChainNodeConfig): ChainSource {
  const family = chainFamilyOf(node.network);
  if (!family) throw new Error(`No chain family follows ${node.network}`);
  return SOURCE_FACTORIES[family.id](node);
}
