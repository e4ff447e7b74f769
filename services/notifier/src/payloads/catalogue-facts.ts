import type { RatesSource } from '@gw/application';
import type { CurrencyFacts } from '@gw/families';

/** CurrencyFacts from the rates catalogue; a currency it does not know keeps its code and a zero USD value. */
export function catalogueFacts(rates: RatesSource): CurrencyFacts {
  return {
    usdValue(amount, currency) {
      try {
        return rates.current().estimate(amount, currency, 'usd');
      } catch {
        return '0';
      }
    },
    describe(code) {
      try {
        const currency = rates.current().findCurrency(code);
        return currency.kind === 'crypto'
          ? { ticker: currency.ticker.toUpperCase(), networkName: currency.networkName }
          : { ticker: currency.code.toUpperCase(), networkName: currency.name };
      } catch {
        return { ticker: code.toUpperCase(), networkName: code };
      }
    },
  };
}
