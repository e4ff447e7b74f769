/** Which encoder and validator packages/chain uses for a network's pay addresses. */
export const ADDRESS_FORMATS = [
  'btc-segwit',
  'ltc-segwit',
  'dgb-segwit',
  'doge-base58',
  'dash-base58',
  'zec-transparent',
  'bch-cashaddr',
  'evm',
  'tron',
  'solana',
  'ton',
  'xrp',
  'monero',
  'cardano-shelley',
  'polkadot-ss58',
  'stellar',
  'algorand',
  'cosmos',
  'tezos',
  'near',
  'sui',
] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

/** The scheme of the payment URI shown as a QR code; how each is built lives in packages/chain. */
export const PAYMENT_URI_SCHEMES = [
  'bitcoin',
  'litecoin',
  'digibyte',
  'dogecoin',
  'dash',
  'zcash',
  'bitcoincash',
  'ethereum',
  'tron',
  'solana',
  'ton',
  'ripple',
  'monero',
  'web+cardano',
  'web+stellar',
  'algorand',
] as const;
export type PaymentUriScheme = (typeof PAYMENT_URI_SCHEMES)[number];

export interface Network {
  /** NOWPayments network code: btc, eth, bsc, trx, sol, matic, ton, ... */
  code: string;
  /** The name the APIs report, with the token standard where the network has one: Ethereum (ERC-20). */
  name: string;
  /** The chain alone, for its native coin: ETH is paid on Ethereum, not on ERC-20. */
  chainName: string;
  addressFormat: AddressFormat;
  /** EIP-155 chain id of EVM networks, null elsewhere. */
  evmChainId: number | null;
  uriScheme: PaymentUriScheme | null;
  requiredConfirmations: number;
}

export interface CryptoCurrency {
  kind: 'crypto';
  /** NOWPayments-style lowercase code: btc, usdttrc20, usdc, bnbbsc, ... */
  code: string;
  /** Other codes clients send for the same coin on the same network (e.g. usdcerc20 for usdc). */
  aliases: readonly string[];
  ticker: string;
  name: string;
  network: string;
  networkName: string;
  /** What a buyer is told to pay on: the network's name for a token, its chain's alone for its native coin. */
  paidOnName: string;
  addressFormat: AddressFormat;
  evmChainId: number | null;
  /** Precision pay amounts are rounded to. */
  decimals: number;
  /** Precision of the smallest on-chain unit (wei: 18); payment URIs count in these units. */
  chainDecimals: number;
  isStable: boolean;
  /** Token contract, SPL mint or jetton master; null for a network's native coin. */
  contractAddress: string | null;
  logoUrl: string;
  priceUsd: string;
  requiredConfirmations: number;
  minAmountUsd: string;
  withdrawFee: string;
  depositMin: string;
  uriScheme: PaymentUriScheme | null;
}

export interface FiatCurrency {
  kind: 'fiat';
  code: string;
  name: string;
  /** USD value of one unit. */
  priceUsd: string;
  displayPrecision: number;
}

export type Currency = CryptoCurrency | FiatCurrency;

export interface Catalogue {
  /** When the curated prices were taken (ISO 8601). */
  pricedAt: string;
  networks: readonly Network[];
  cryptoCurrencies: readonly CryptoCurrency[];
  fiatCurrencies: readonly FiatCurrency[];
}

/** Precision an amount of this currency is rounded to. */
export function precisionOf(currency: Currency): number {
  return currency.kind === 'crypto' ? currency.decimals : currency.displayPrecision;
}
