import { parseInteger, parseUrl } from '../config-values';
import type { TronNodeConfig } from '../config';
import type { ChainFamily } from './chain-family';
import { tronAddressFromHex, tronAddressToHex } from './tron-address';

/** The Tron network a chain watcher can follow (its Ethereum-compatible JSON-RPC, java-tron or a provider). */
export const TRON_WATCHED_NETWORKS = ['trx'] as const;
export type TronWatchedNetwork = (typeof TRON_WATCHED_NETWORKS)[number];

/**
 * Tron mainnet: the chain id its JSON-RPC reports (eth_chainId 0x2b6653dc), its native coin and USDT
 * (TRC-20, 6 decimals). Nile's chain id is 3448148188 (0xcd8690dc), Shasta's 2494104990 (0x94a9059e).
 */
export const TRON_CHAIN = {
  chainId: 728126428,
  nativeCoin: 'trx',
  tokens: { usdt: { coin: 'usdttrc20', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } },
} as const;

const PREFIX = 'TRON';
/** A block is final once solidified: 19 blocks by default (two thirds of the 27 super representatives, plus one). */
const CONFIRMATIONS = 19;
/** TronGrid's free plan answers 15 requests a second per key; the watcher stays below it by default. */
const REQUESTS_PER_SECOND = 10;

/** A contract as base58 `T…`, or as hex with the `41` prefix (`41a614…`), or 20-byte `0x` hex. */
function parseTronContract(raw: string): string {
  return raw.startsWith('T') ? (tronAddressToHex(raw), raw) : tronAddressFromHex(raw);
}

/**
 * Tron: one BIP44 account key at m/44'/195'/0' (TronLink, Ledger and Trezor derive m/44'/195'/0'/0/i),
 * base58check `T…` addresses, a node read over Tron's Ethereum-compatible JSON-RPC (20-byte hex addresses
 * without the `41` prefix), a provider's key in a header, and a request budget per second.
 */
export const tronFamily: ChainFamily<TronWatchedNetwork> = {
  id: 'tron',
  networks: TRON_WATCHED_NETWORKS,
  walletNetworks: TRON_WATCHED_NETWORKS,
  walletNetworkOf: (network) => network,
  envPrefix: () => PREFIX,
  nodeName: () =>
    'Tron (java-tron with node.jsonrpc enabled, or a provider: TronGrid, QuickNode, Chainstack…)',
  defaultConfirmations: () => CONFIRMATIONS,
  variables: () => [
    {
      name: `${PREFIX}_RPC_URL`,
      default: null,
      secret: true,
      description:
        "Tron Ethereum-compatible JSON-RPC URL the trx watcher reads (TronGrid: https://api.trongrid.io/jsonrpc; java-tron: port 50545 of node.jsonrpc); when set, trx and usdttrc20 take real payments to the merchant's trx wallet.",
    },
    {
      name: `${PREFIX}_RPC_USER`,
      default: null,
      description: 'HTTP basic-auth user of the Tron node, when it sits behind one.',
    },
    {
      name: `${PREFIX}_RPC_PASSWORD`,
      default: null,
      secret: true,
      description: 'HTTP basic-auth password of the Tron node (a secret).',
    },
    {
      name: `${PREFIX}_HTTP_URL`,
      default: 'TRON_RPC_URL without its /jsonrpc path',
      secret: true,
      description:
        "Base URL of the Tron node's HTTP API (java-tron port 8090; TronGrid https://api.trongrid.io), where the watcher tells a TRX transfer from the other contracts the JSON-RPC gives a value (/wallet/gettransactionbyid).",
    },
    {
      name: `${PREFIX}_API_KEY`,
      default: null,
      secret: true,
      description:
        "Provider API key (a secret), sent in every request's TRON-PRO-API-KEY header (TronGrid); unset: none sent.",
    },
    {
      name: `${PREFIX}_CHAIN_ID`,
      default: String(TRON_CHAIN.chainId),
      description:
        'Chain id the Tron node must report (eth_chainId): mainnet 728126428, Nile 3448148188, Shasta 2494104990; the watcher refuses another chain.',
    },
    {
      name: `${PREFIX}_CONFIRMATIONS`,
      default: String(CONFIRMATIONS),
      description:
        'Blocks a Tron deposit needs (its own block counts as one) before the payment is confirmed; 19 is when Tron solidifies a block.',
    },
    {
      name: `${PREFIX}_USDT_CONTRACT`,
      default: TRON_CHAIN.tokens.usdt.contract,
      description:
        "USDT TRC-20 contract (usdttrc20), as T… or hex; the mainnet contract by default. Its decimals() must match the catalogue's (6).",
    },
    {
      name: `${PREFIX}_REQUESTS_PER_SECOND`,
      default: String(REQUESTS_PER_SECOND),
      description:
        "Requests a second the trx watcher sends its node at most (TronGrid's free plan allows 15); a 429 answer is retried after a backoff and counted in chain_node_requests_throttled.",
    },
  ],
  nodeVariables: () => [
    `${PREFIX}_HTTP_URL`,
    `${PREFIX}_API_KEY`,
    `${PREFIX}_CHAIN_ID`,
    `${PREFIX}_USDT_CONTRACT`,
    `${PREFIX}_REQUESTS_PER_SECOND`,
  ],
  readNode: (reader) => {
    const tron: TronNodeConfig = {
      chainId: reader.read(
        `${PREFIX}_CHAIN_ID`,
        (raw) => parseInteger(raw, 1, 2 ** 53 - 1),
        TRON_CHAIN.chainId,
      ),
      nativeCoin: TRON_CHAIN.nativeCoin,
      tokens: {
        [TRON_CHAIN.tokens.usdt.coin]: reader.read(
          `${PREFIX}_USDT_CONTRACT`,
          parseTronContract,
          TRON_CHAIN.tokens.usdt.contract as string,
        ),
      },
      apiKey: reader.raw(`${PREFIX}_API_KEY`) ?? null,
      httpUrl: reader.read(
        `${PREFIX}_HTTP_URL`,
        (raw) => parseUrl(raw, ['http:', 'https:']),
        (reader.raw(`${PREFIX}_RPC_URL`) ?? '').replace(/\/jsonrpc\/?$/, ''),
      ),
      requestsPerSecond: reader.read(
        `${PREFIX}_REQUESTS_PER_SECOND`,
        (raw) => parseInteger(raw, 1, 10_000),
        REQUESTS_PER_SECOND,
      ),
    };
    return { coins: [tron.nativeCoin, ...Object.keys(tron.tokens)], evm: null, tron };
  },
  configuredChain: (node) => ({ tokens: node.tron?.tokens ?? {}, evmChainId: null }),
  // Nile and Shasta move TRX and tokens worth nothing.
  followsMainnet: (node) => node.tron?.chainId === TRON_CHAIN.chainId,
  // A Tron key's addresses are the same on every Tron chain; the watcher checks the chain id.
  walletChainKind: () => 'mainnet',
};
