import type { ConfigVariableDoc } from '../config-docs';
import type { ChainNodeConfig, ChainWatchersConfig } from '../config';

/** Which chain a network's node follows: it decides the wallet keys accepted and the address prefix. */
export const CHAIN_KINDS = ['mainnet', 'testnet', 'regtest'] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number];

/** The families of chains a watcher follows: each one module here, one wallet module, one ChainSource. */
export type ChainFamilyId = 'utxo' | 'evm' | 'tron';

/** What a family reads its settings with (the configuration's reader: every bad variable is collected). */
export interface ChainConfigReader {
  raw(variable: string): string | undefined;
  read<T>(variable: string, parse: (raw: string) => T, fallback: T): T;
  fail(variable: string, message: string): void;
}

/** A family's own settings of a network whose node is set: the coins it follows and its chain's details. */
export type FamilyNodeSettings = Pick<ChainNodeConfig, 'coins' | 'evm' | 'tron'>;

/**
 * One family of chains: the networks it can watch, their variables and defaults, and how a merchant's
 * key and a node relate on them. The wallet side (key format, derivation, address encoding) lives in
 * packages/chain's wallet family of the same name, the watcher's ChainSource in services/chain.
 */
export interface ChainFamily<N extends string = string> {
  readonly id: ChainFamilyId;
  /** Catalogue network codes a watcher of this family can follow. */
  readonly networks: readonly N[];
  /** The merchant wallets of the family, as the dashboard names them. */
  readonly walletNetworks: readonly string[];
  /** The wallet a network pays to: each UTXO chain its own, every EVM chain the one `evm` wallet. */
  walletNetworkOf(network: N): string;
  /** Prefix of a network's variables: BTC, POLYGON… */
  envPrefix(network: N): string;
  /** What runs the node, as the documentation names it. */
  nodeName(network: N): string;
  /** Confirmations a deposit needs when `<PREFIX>_CONFIRMATIONS` is unset (the catalogue's). */
  defaultConfirmations(network: N): number;
  /**
   * Every variable of a network's watcher, documented, in the order the README lists them. Those every
   * family has are read in config.ts: `<PREFIX>_RPC_URL`, `_RPC_USER`, `_RPC_PASSWORD`, `_CONFIRMATIONS`.
   */
  variables(network: N): ConfigVariableDoc[];
  /** The family's own variables that mean nothing without the node URL (refused when set without it). */
  nodeVariables(network: N): string[];
  /** Reads the family's own settings of a network whose node URL is set. */
  readNode(reader: ChainConfigReader, network: N): FamilyNodeSettings;
  /**
   * The token contracts (by catalogue coin code) and EVM chain id a configured node follows, for the
   * wallet links and currency lists to name them instead of the catalogue's mainnet ones.
   */
  configuredChain(node: ChainNodeConfig): {
    tokens: Readonly<Record<string, string>>;
    evmChainId: number | null;
  };
  /** Whether the node moves money worth something (mainnet), not a test chain's. */
  followsMainnet(node: ChainNodeConfig, watchers: Pick<ChainWatchersConfig, 'chains'>): boolean;
  /** Reads which chain a network runs on, set or not its node (UTXO: `<PREFIX>_CHAIN`); absent: keys serve every chain. */
  readChainKind?(reader: ChainConfigReader, network: N): ChainKind;
  /** The chain a merchant's key for this network must be of. */
  walletChainKind(network: N, watchers: Pick<ChainWatchersConfig, 'chains'>): ChainKind;
}
