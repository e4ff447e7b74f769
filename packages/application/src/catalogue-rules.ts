import { moneyProblemText, parseMoney, type Amount } from '@gw/domain';
import { precisionOf, type RatesService } from '@gw/pricing';
import { inputRefused } from './input-validation';

// The catalogue rules of merchant settings and plans, one place for the admin API (so the CLI) and the
// dashboard: a refusal is an InvalidInputError naming the field.

/**
 * Coin lists name catalogue cryptocurrencies; each code is stored in its canonical catalogue spelling,
 * so `BTC` and an alias both enable `btc`. Null means every catalogue coin.
 */
export function enabledCoinsFrom(
  rates: RatesService,
  codes: readonly string[] | null | undefined,
): string[] | null {
  if (codes === null || codes === undefined) return null;
  const canonical: string[] = [];
  const unknown: string[] = [];
  const notCrypto: string[] = [];
  for (const code of codes) {
    if (!rates.isKnownCurrency(code)) {
      unknown.push(code);
      continue;
    }
    const currency = rates.findCurrency(code);
    if (currency.kind !== 'crypto') notCrypto.push(code);
    else if (!canonical.includes(currency.code)) canonical.push(currency.code);
  }
  const problems = [
    unknown.length > 0 ? `unknown currencies: ${unknown.join(', ')}` : null,
    notCrypto.length > 0 ? `not cryptocurrencies: ${notCrypto.join(', ')}` : null,
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw inputRefused('enabled_coins', `enabled_coins has ${problems.join('; ')}`);
  return canonical;
}

/** A catalogue currency, crypto or fiat, in its canonical spelling. */
export function knownCurrency(rates: RatesService, field: string, code: string): string {
  if (!rates.isKnownCurrency(code)) throw inputRefused(field, `${field} "${code}" is not a known currency`);
  return rates.findCurrency(code).code;
}

/**
 * An amount of a catalogue currency by the domain's one money parser: finite, greater than 0, at most
 * the maximum and with no more decimals than the currency is priced in; never rounded.
 */
export function priceAmount(
  rates: RatesService,
  field: string,
  value: unknown,
  currencyCode: string,
): Amount {
  const decimals = precisionOf(rates.findCurrency(currencyCode));
  const parsed = parseMoney(value, { decimals, currency: currencyCode });
  if (!parsed.ok) throw inputRefused(field, `${field} ${moneyProblemText(parsed.problem)}`);
  return parsed.amount;
}
