import type { ChainKind } from '@gw/platform';
import type { BTC_NETWORK } from '@scure/btc-signer/utils';

/** Chains on which a merchant's watch-only wallet gives every payment its own address (BIP84 native segwit). */
export const WALLET_NETWORKS = ['btc', 'ltc'] as const;
export type WalletNetwork = (typeof WALLET_NETWORKS)[number];

/**
 * Which chain a network's node follows (BTC_CHAIN, LTC_CHAIN). Mainnet takes only mainnet keys; testnet
 * and regtest share the test key versions (tpub/vpub) and differ in the address prefix.
 */
export type { ChainKind };

export const isWalletNetwork = (network: string): network is WalletNetwork =>
  (WALLET_NETWORKS as readonly string[]).includes(network);

/** Base58 and bech32 parameters per chain (Bitcoin's and Litecoin's chainparams). */
const PARAMETERS: Record<WalletNetwork, Record<ChainKind, BTC_NETWORK>> = {
  btc: {
    mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  },
  ltc: {
    mainnet: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
    testnet: { bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
    regtest: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
  },
};

export function chainParameters(network: WalletNetwork, kind: ChainKind): BTC_NETWORK {
  return PARAMETERS[network][kind];
}

/**
 * How many unused addresses in a row wallet apps scan before they stop looking (Electrum, BlueWallet,
 * Sparrow, Bitcoin Core's keypool default is larger): payments to addresses past it still arrive, but
 * the merchant's app shows them only after its gap limit is raised.
 */
export const WALLET_GAP_LIMIT = 20;
