import { parseInteger } from '../config-values';
import type { EvmNodeConfig } from '../config';
import type { ChainFamily } from './chain-family';

/** EVM networks a chain watcher can follow (Ethereum JSON-RPC): Ethereum, BNB Smart Chain, Polygon PoS. */
export const EVM_WATCHED_NETWORKS = ['eth', 'bsc', 'matic'] as const;
export type EvmWatchedNetwork = (typeof EVM_WATCHED_NETWORKS)[number];

/** The stablecoins an EVM watcher follows, as they are named in the variables (ETH_USDT_CONTRACT…). */
export const EVM_TOKENS = ['usdt', 'usdc'] as const;
export type EvmToken = (typeof EVM_TOKENS)[number];

/**
 * Each EVM network's chain id, native coin and stablecoins: catalogue code and mainnet contract (what the
 * variables default to; a test chain deploys its own). The catalogue lists the same contracts, which a
 * test holds them to.
 */
export const EVM_CHAINS: Record<
  EvmWatchedNetwork,
  { chainId: number; nativeCoin: string; tokens: Record<EvmToken, { coin: string; contract: string }> }
> = {
  eth: {
    chainId: 1,
    nativeCoin: 'eth',
    tokens: {
      usdt: { coin: 'usdterc20', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
      usdc: { coin: 'usdc', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    },
  },
  bsc: {
    chainId: 56,
    nativeCoin: 'bnbbsc',
    tokens: {
      usdt: { coin: 'usdtbsc', contract: '0x55d398326f99059fF775485246999027B3197955' },
      usdc: { coin: 'usdcbsc', contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d' },
    },
  },
  matic: {
    chainId: 137,
    nativeCoin: 'maticmainnet',
    tokens: {
      usdt: { coin: 'usdtmatic', contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' },
      usdc: { coin: 'usdcmatic', contract: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
    },
  },
};

const NETWORKS: Record<EvmWatchedNetwork, { prefix: string; node: string; confirmations: number }> = {
  eth: {
    prefix: 'ETH',
    node: 'Ethereum (any execution client: geth, reth, erigon, nethermind, or a provider)',
    confirmations: 12,
  },
  bsc: { prefix: 'BSC', node: 'BNB Smart Chain', confirmations: 15 },
  // The catalogue code is `matic`; the variables say POLYGON_.
  matic: { prefix: 'POLYGON', node: 'Polygon PoS', confirmations: 30 },
};

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function parseContractAddress(raw: string): string {
  if (!EVM_ADDRESS.test(raw)) throw new Error('must be a 0x-prefixed 20-byte hex contract address');
  return raw;
}

const tokenVariable = (network: EvmWatchedNetwork, token: EvmToken) =>
  `${NETWORKS[network].prefix}_${token.toUpperCase()}_CONTRACT`;

/**
 * Ethereum, BNB Smart Chain and Polygon PoS: one BIP44 account key (m/44'/60'/0') serves them all (the
 * `evm` wallet); the node must report the configured chain id, and the tokens are contracts on it.
 */
export const evmFamily: ChainFamily<EvmWatchedNetwork> = {
  id: 'evm',
  networks: EVM_WATCHED_NETWORKS,
  walletNetworks: ['evm'],
  walletNetworkOf: () => 'evm',
  envPrefix: (network) => NETWORKS[network].prefix,
  nodeName: (network) => NETWORKS[network].node,
  defaultConfirmations: (network) => NETWORKS[network].confirmations,
  variables: (network) => {
    const { prefix, node, confirmations } = NETWORKS[network];
    const chain = EVM_CHAINS[network];
    return [
      {
        name: `${prefix}_RPC_URL`,
        default: null,
        secret: true,
        description: `Ethereum JSON-RPC URL of the ${node} node the ${network} watcher reads; when set, ${chain.nativeCoin}, ${chain.tokens.usdt.coin} and ${chain.tokens.usdc.coin} take real payments to the merchant's evm wallet.`,
      },
      {
        name: `${prefix}_RPC_USER`,
        default: null,
        description: `HTTP basic-auth user of the ${network} node, when it sits behind one (a provider's key usually goes in the URL).`,
      },
      {
        name: `${prefix}_RPC_PASSWORD`,
        default: null,
        secret: true,
        description: `HTTP basic-auth password of the ${network} node (a secret).`,
      },
      {
        name: `${prefix}_CHAIN_ID`,
        default: String(chain.chainId),
        description: `Chain id the ${network} node must report (eth_chainId); the watcher refuses another chain. anvil: 31337.`,
      },
      {
        name: `${prefix}_CONFIRMATIONS`,
        default: String(confirmations),
        description: `Blocks a deposit on ${network} needs (its own block counts as one) before the payment is confirmed.`,
      },
      ...EVM_TOKENS.map((token) => ({
        name: tokenVariable(network, token),
        default: chain.tokens[token].contract,
        description: `${token.toUpperCase()} contract on ${network} (${chain.tokens[token].coin}); the mainnet contract by default. Its decimals() must match the catalogue's.`,
      })),
    ];
  },
  nodeVariables: (network) => [
    `${NETWORKS[network].prefix}_CHAIN_ID`,
    ...EVM_TOKENS.map((token) => tokenVariable(network, token)),
  ],
  readNode: (reader, network) => {
    const defaults = EVM_CHAINS[network];
    const tokens: Record<string, string> = {};
    for (const token of EVM_TOKENS) {
      const { coin, contract } = defaults.tokens[token];
      tokens[coin] = reader.read(tokenVariable(network, token), parseContractAddress, contract);
    }
    const evm: EvmNodeConfig = {
      chainId: reader.read(
        `${NETWORKS[network].prefix}_CHAIN_ID`,
        (raw) => parseInteger(raw, 1, 2 ** 53 - 1),
        defaults.chainId,
      ),
      nativeCoin: defaults.nativeCoin,
      tokens,
    };
    return { coins: [evm.nativeCoin, ...Object.keys(evm.tokens)], evm };
  },
  configuredChain: (node) => ({ tokens: node.evm?.tokens ?? {}, evmChainId: node.evm?.chainId ?? null }),
  // An EVM node on another chain id (anvil, a testnet) moves coins worth nothing.
  followsMainnet: (node) => node.evm?.chainId === EVM_CHAINS[node.network as EvmWatchedNetwork].chainId,
  // EVM keys serve every EVM chain; the watcher checks the node's chain id instead.
  walletChainKind: () => 'mainnet',
};
