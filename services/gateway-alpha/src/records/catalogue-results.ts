import { acceptsPayCurrency, networkFeeOf, payLimitsOf, toFixedDecimals } from '@gw/domain';
import { admittingMerchant, type PayingChains } from '@gw/application';
import type { Currency, RatesService } from '@gw/pricing';
import type { MerchantDocument } from '@gw/views';
import {
  alphaNetworkName,
  alphaTicker,
  findAlphaCrypto,
  findAlphaCurrency,
  validationFailed,
} from '@gw/families';
import { COMMISSION_PERCENT } from '../requests/pricing';

const money = (amount: string): string => toFixedDecimals(amount, 8);

/** POST /alpha/v1/payment/services: every catalogue coin, available when the merchant accepts it. */
export function paymentServices(rates: RatesService, merchant: MerchantDocument, chains: PayingChains) {
  const admitting = admittingMerchant(merchant, chains);
  return rates.cryptoCurrencies().map((crypto) => {
    const limits = payLimitsOf(rates, crypto);
    return {
      network: alphaNetworkName(crypto.network),
      currency: alphaTicker(crypto),
      is_available: acceptsPayCurrency(admitting, crypto),
      limit: { min_amount: money(limits.minAmount), max_amount: money(limits.maxAmount) },
      commission: {
        fee_amount: money(networkFeeOf(crypto)),
        percent: toFixedDecimals(COMMISSION_PERCENT, 2),
      },
    };
  });
}

/**
 * GET /alpha/v1/exchange-rate/{currency}/list: from the base to every fiat and every crypto ticker
 * (a ticker listed on several networks once, priced by its default listing).
 */
export function exchangeRates(rates: RatesService, symbol: string) {
  const base = findAlphaCurrency(rates, symbol, null);
  if (!base) throw validationFailed({ currency: ['validation.exists'] });
  const tickers = [...new Set(rates.cryptoCurrencies().map((crypto) => crypto.ticker))];
  const targets: Currency[] = [
    ...rates.fiatCurrencies(),
    ...tickers.flatMap((ticker) => findAlphaCrypto(rates, ticker, null) ?? []),
  ].filter((target) => alphaTicker(target) !== alphaTicker(base));
  return targets.map((target) => ({
    from: alphaTicker(base),
    to: alphaTicker(target),
    course: rates.exchangeRate(base.code, target.code),
  }));
}
