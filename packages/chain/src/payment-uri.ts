import type { ChainWatchersConfig } from '@gw/platform';
import {
  type AmountInput,
  type Catalogue,
  type CryptoCurrency,
  curatedCatalogue,
  lookupCryptoCurrency,
  roundAmount,
  toBaseUnits,
} from '@gw/pricing';
import { onConfiguredChain } from './configured-chain';

type QueryValue = string | null | undefined;

function withQuery(base: string, query: Record<string, QueryValue>): string {
  const pairs = Object.entries(query)
    .filter((pair): pair is [string, string] => pair[1] !== null && pair[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return pairs.length === 0 ? base : `${base}?${pairs.join('&')}`;
}

/** EIP-681: native coin in wei as `value`; a token as a call of its transfer function. */
function ethereumUri(currency: CryptoCurrency, address: string, amount: string | null): string {
  const units = amount === null ? null : toBaseUnits(amount, currency.chainDecimals);
  if (currency.contractAddress) {
    return withQuery(`ethereum:${currency.contractAddress}@${currency.evmChainId}/transfer`, {
      address,
      uint256: units,
    });
  }
  return withQuery(`ethereum:${address}@${currency.evmChainId}`, { value: units });
}

export interface PaymentUriOptions {
  catalogue?: Catalogue;
  /** The nodes the gateway watches: a watched EVM network's configured chain id and token contracts go in its URIs. */
  chainWatchers?: ChainWatchersConfig;
}

/**
 * The payment URI a QR code carries for paying `amount` (a decimal string, optional) of `currencyCode`
 * to `address`; the bare address for networks without a URI scheme wallets agree on.
 */
export function paymentUri(
  currencyCode: string,
  address: string,
  amount?: AmountInput | null,
  { catalogue = curatedCatalogue, chainWatchers }: PaymentUriOptions = {},
): string {
  const listed = lookupCryptoCurrency(currencyCode, catalogue);
  const currency = chainWatchers ? onConfiguredChain(listed, chainWatchers) : listed;
  const decimal =
    amount === undefined || amount === null ? null : roundAmount(amount, currency.chainDecimals, 'up');
  const scheme = currency.uriScheme;
  switch (scheme) {
    case null:
      return address;
    case 'bitcoin':
    case 'litecoin':
    case 'digibyte':
    case 'dogecoin':
    case 'dash':
    case 'zcash':
    case 'tron':
    case 'ripple':
    case 'web+cardano':
      return withQuery(`${scheme}:${address}`, { amount: decimal });
    case 'bitcoincash':
      // CashAddr addresses already begin with the scheme.
      return withQuery(address.startsWith('bitcoincash:') ? address : `bitcoincash:${address}`, {
        amount: decimal,
      });
    case 'monero':
      return withQuery(`monero:${address}`, { tx_amount: decimal });
    case 'solana':
      return withQuery(`solana:${address}`, { amount: decimal, 'spl-token': currency.contractAddress });
    case 'ethereum':
      return ethereumUri(currency, address, decimal);
    case 'ton':
      return withQuery(`ton://transfer/${address}`, {
        jetton: currency.contractAddress,
        amount: decimal === null ? null : toBaseUnits(decimal, currency.chainDecimals),
      });
    case 'web+stellar':
      return withQuery('web+stellar:pay', { destination: address, amount: decimal });
    case 'algorand':
      return withQuery(`algorand://${address}`, {
        amount: decimal === null ? null : toBaseUnits(decimal, currency.chainDecimals),
      });
    default: {
      const unhandled: never = scheme;
      throw new Error(`No payment URI for scheme ${String(unhandled)}`);
    }
  }
}
