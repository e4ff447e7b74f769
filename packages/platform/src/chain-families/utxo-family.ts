import { parseOneOf } from '../config-values';
import { CHAIN_KINDS, type ChainFamily } from './chain-family';

/** UTXO networks a chain watcher can follow (a Bitcoin Core style JSON-RPC node). */
export const UTXO_WATCHED_NETWORKS = ['btc', 'ltc'] as const;
export type UtxoWatchedNetwork = (typeof UTXO_WATCHED_NETWORKS)[number];

const NETWORKS: Record<UtxoWatchedNetwork, { prefix: string; node: string; confirmations: number }> = {
  btc: { prefix: 'BTC', node: 'Bitcoin (btcd or bitcoind)', confirmations: 2 },
  ltc: { prefix: 'LTC', node: 'Litecoin (litecoind)', confirmations: 6 },
};

/**
 * Bitcoin and Litecoin: a BIP84 account key per chain (xpub/zpub on mainnet, tpub/vpub on test chains),
 * native segwit addresses, a node that says which chain it runs on through `<PREFIX>_CHAIN`.
 */
export const utxoFamily: ChainFamily<UtxoWatchedNetwork> = {
  id: 'utxo',
  networks: UTXO_WATCHED_NETWORKS,
  walletNetworks: UTXO_WATCHED_NETWORKS,
  walletNetworkOf: (network) => network,
  envPrefix: (network) => NETWORKS[network].prefix,
  nodeName: (network) => NETWORKS[network].node,
  defaultConfirmations: (network) => NETWORKS[network].confirmations,
  variables: (network) => {
    const { prefix, node, confirmations } = NETWORKS[network];
    return [
      {
        name: `${prefix}_RPC_URL`,
        default: null,
        description: `JSON-RPC URL of the ${node} node the ${network} watcher reads; when set, ${network} takes real payments.`,
      },
      { name: `${prefix}_RPC_USER`, default: null, description: `RPC user of the ${network} node.` },
      {
        name: `${prefix}_RPC_PASSWORD`,
        default: null,
        secret: true,
        description: `RPC password of the ${network} node (a secret).`,
      },
      {
        name: `${prefix}_CHAIN`,
        default: 'mainnet',
        description: `Which ${network} chain the node follows: mainnet, testnet or regtest. Merchant wallet keys must be of that chain (xpub/zpub on mainnet, tpub/vpub otherwise).`,
      },
      {
        name: `${prefix}_CONFIRMATIONS`,
        default: String(confirmations),
        description: `Confirmations a ${network} deposit needs before the payment is confirmed.`,
      },
    ];
  },
  nodeVariables: () => [],
  // A UTXO network's native coin has the network's code (btc, ltc).
  readNode: (_reader, network) => ({ coins: [network], evm: null }),
  readChainKind: (reader, network) =>
    reader.read(`${NETWORKS[network].prefix}_CHAIN`, (raw) => parseOneOf(raw, CHAIN_KINDS), 'mainnet'),
  configuredChain: () => ({ tokens: {}, evmChainId: null }),
  followsMainnet: (node, watchers) => watchers.chains[node.network as UtxoWatchedNetwork] === 'mainnet',
  walletChainKind: (network, watchers) => watchers.chains[network],
};
