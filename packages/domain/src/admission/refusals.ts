import type { CryptoCurrency, Currency, PriceDisagreement } from '@gw/pricing';
import type { Amount } from '../money';
import { moneyProblemText, type MoneyProblem } from '../money-input';
import { DomainError, assertNever } from '../errors';
import type { LifetimeWindow } from './lifetimes';

/** Which currency of the request a refusal is about; each gateway names it with its own field. */
export type CurrencyRole = 'price' | 'pay';

/** Why a payment was not admitted, with what each family needs to word it. */
export type Refusal =
  /** The price amount, or the pay amount a request fixes, broke a rule of the money parser. */
  | { code: 'INVALID_AMOUNT'; role: CurrencyRole; value: string; problem: MoneyProblem }
  | { code: 'UNKNOWN_CURRENCY'; role: CurrencyRole; currency: string }
  | { code: 'NOT_A_CRYPTO_CURRENCY'; role: CurrencyRole; currency: string }
  | { code: 'COIN_NOT_ENABLED'; role: CurrencyRole; coin: CryptoCurrency }
  | { code: 'NETWORK_NOT_PAYABLE'; role: CurrencyRole; coin: CryptoCurrency }
  | { code: 'NO_COIN_ENABLED' }
  /** No price of the currency newer than the limit: the source is down or stale, or never quoted it. */
  | { code: 'STALE_PRICE'; currency: Currency; quotedAt: string | null; maxAgeSeconds: number }
  /** The fresh live sources price the currency further apart than the spread limit allows. */
  | { code: 'PRICES_DISAGREE'; currency: Currency; disagreement: PriceDisagreement }
  | { code: 'BELOW_MINIMUM'; coin: CryptoCurrency; payAmount: Amount; minimum: Amount }
  | { code: 'ABOVE_MAXIMUM'; coin: CryptoCurrency; payAmount: Amount; maximum: Amount }
  | { code: 'INVALID_LIFETIME'; lifetimeSeconds: number; window: LifetimeWindow };

export type RefusalCode = Refusal['code'];

/** A payment admission refused; `refusal` carries the details a gateway words its answer from. */
export class PaymentRefused extends DomainError {
  override readonly name = 'PaymentRefused';

  constructor(readonly refusal: Refusal) {
    super(refusal.code, describe(refusal));
  }
}

function describe(refusal: Refusal): string {
  switch (refusal.code) {
    case 'INVALID_AMOUNT':
      return `${refusal.role} amount ${refusal.value} ${moneyProblemText(refusal.problem)}`;
    case 'UNKNOWN_CURRENCY':
      return `${refusal.role} currency "${refusal.currency}" is not a supported currency`;
    case 'NOT_A_CRYPTO_CURRENCY':
      return `${refusal.role} currency "${refusal.currency}" is not a crypto currency`;
    case 'COIN_NOT_ENABLED':
      return `${refusal.coin.code} is not enabled for this merchant`;
    case 'NETWORK_NOT_PAYABLE':
      return `${refusal.coin.code} on ${refusal.coin.networkName} cannot take payments for this merchant`;
    case 'NO_COIN_ENABLED':
      return 'no currency is enabled for this merchant';
    case 'STALE_PRICE':
      return stalePriceMessage(refusal.currency.code, refusal);
    case 'PRICES_DISAGREE':
      return pricesDisagreeMessage(refusal.currency.code, refusal.disagreement);
    case 'BELOW_MINIMUM':
      return `${refusal.payAmount} ${refusal.coin.code} is below the minimum payment of ${refusal.minimum} ${refusal.coin.code}`;
    case 'ABOVE_MAXIMUM':
      return `${refusal.payAmount} ${refusal.coin.code} is above the maximum payment of ${refusal.maximum} ${refusal.coin.code}`;
    case 'INVALID_LIFETIME':
      return `lifetime ${refusal.lifetimeSeconds} s is outside ${refusal.window.minimumSeconds}–${refusal.window.maximumSeconds} s`;
    default:
      return assertNever(refusal);
  }
}

/** Why no payment can be asked in a currency now, in words every family reuses. */
export function stalePriceMessage(
  code: string,
  refusal: Pick<Extract<Refusal, { code: 'STALE_PRICE' }>, 'quotedAt' | 'maxAgeSeconds'>,
): string {
  const last = refusal.quotedAt === null ? 'no live price' : `its last price is from ${refusal.quotedAt}`;
  return `no current price for ${code}: ${last}, and prices older than ${refusal.maxAgeSeconds} s are not used; retry later`;
}

/** Why no payment can be asked in a currency whose sources disagree, in words every family reuses. */
export function pricesDisagreeMessage(code: string, disagreement: PriceDisagreement): string {
  const quotes = Object.entries(disagreement.quotes)
    .map(([source, price]) => `${source} ${price}`)
    .join(', ');
  if (disagreement.minSources !== undefined)
    return `no agreed price for ${code}: ${tooFewSources(disagreement, disagreement.minSources)} (${quotes} USD); retry later`;
  return `no agreed price for ${code}: the price sources differ by ${disagreement.spreadPercent} % (${quotes} USD), over the ${disagreement.limitPercent} % limit; retry later`;
}

/** How many fresh sources quoted the currency, against PRICE_MIN_SOURCES, in words every family reuses. */
export function tooFewSources(disagreement: PriceDisagreement, minSources: number): string {
  const count = Object.keys(disagreement.quotes).length;
  return `only ${count} price source${count === 1 ? '' : 's'} quote${count === 1 ? 's' : ''} it freshly, and ${minSources} must agree`;
}
