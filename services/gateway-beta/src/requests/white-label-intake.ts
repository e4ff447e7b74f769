import type { BetaCreateWhiteLabelInput } from '@gw/contracts/api/beta';
import type { NamedPayCoin, PriceViews } from '@gw/domain';
import type { RatesService } from '@gw/pricing';
import type { PaymentIntake } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import {
  betaPayCoin,
  betaWhiteLabelRefusal,
  findBetaCrypto,
  findBetaCurrency,
  invalidField,
  networkCodesFor,
} from '@gw/families';
import { betaPaymentIntake, type BetaPaymentSettings } from './payment-intake';

/** The currency an amount is in when the request names none: OxaPay reads it in US dollars. */
const DEFAULT_PRICE_CURRENCY = 'USD';

/**
 * POST /beta/v1/payment/white-label body (schema-checked) → the family-neutral intake, admitted as an
 * invoice is. `pay_currency` names the coin; `network` picks its listing, else the first of the
 * symbol's networks the merchant can be paid on ({@link betaPayCoin}).
 */
export function whiteLabelIntakeFrom(
  input: BetaCreateWhiteLabelInput,
  merchant: MerchantDocument,
  prices: PriceViews<RatesService>,
  settings: BetaPaymentSettings,
): PaymentIntake {
  const rates = prices.fixed;
  const coin = findBetaCrypto(rates, input.pay_currency);
  if (!coin) throw invalidField({ key: 'pay_currency', message: 'The selected pay currency is invalid.' });
  const payCurrency = onNetwork(rates, betaPayCoin(rates, input.pay_currency, coin), input.network);
  const price = findBetaCurrency(rates, input.currency ?? DEFAULT_PRICE_CURRENCY);
  if (!price) throw invalidField({ key: 'currency', message: 'The selected currency is invalid.' });
  const toCurrency = input.to_currency ? findBetaCrypto(rates, input.to_currency) : null;
  if (input.to_currency && !toCurrency)
    throw invalidField({ key: 'to_currency', message: 'The selected to currency is invalid.' });
  return betaPaymentIntake(
    { ...input, kind: 'white_label', price, payCurrency, toCurrency, sandbox: false },
    merchant,
    prices,
    settings,
    betaWhiteLabelRefusal,
  );
}

/** The listings of the named coin on the named network (all of them when none is named). */
function onNetwork(
  rates: RatesService,
  named: NamedPayCoin,
  network: string | null | undefined,
): NamedPayCoin {
  if (network === undefined || network === null || network.trim() === '') return named;
  const networks = networkCodesFor(rates, network);
  const listings = (typeof named === 'string' ? [named] : [...named]).filter((code) =>
    networks.includes(rates.findCryptoCurrency(code).network),
  );
  const [first, ...others] = listings;
  if (first === undefined)
    throw invalidField({ key: 'network', message: 'The selected network is invalid.' });
  return [first, ...others];
}
