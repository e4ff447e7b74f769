import { flagValue, type BetaCreateInvoiceInput } from '@gw/contracts/api/beta';
import type { PriceViews } from '@gw/domain';
import type { RatesService } from '@gw/pricing';
import type { PaymentIntake } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import { betaPayCoin, findBetaCrypto, findBetaCurrency, invalidField } from '@gw/families';
import { betaPaymentIntake, type BetaPaymentSettings } from './payment-intake';

/** The gateway's sandbox switch, watched chains and price age limit: what decides whether an invoice opens. */
export type InvoiceSettings = BetaPaymentSettings;

/**
 * POST /beta/v1/payment/invoice body (schema-checked) → the family-neutral intake. An invoice priced
 * in a crypto is paid in it, on the first network of that symbol the merchant can be paid on
 * ({@link betaPayCoin}); one priced in fiat opens in USDT, else the merchant's first payable coin
 * (`betaDefaultPayCurrencies`), which the hosted page may let the buyer change.
 */
export function invoiceIntakeFrom(
  input: BetaCreateInvoiceInput,
  merchant: MerchantDocument,
  prices: PriceViews<RatesService>,
  settings: InvoiceSettings,
): PaymentIntake {
  const rates = prices.fixed;
  const price = findBetaCurrency(rates, input.currency);
  if (!price) throw invalidField({ key: 'currency', message: 'The selected currency is invalid.' });
  const toCurrency = input.to_currency ? findBetaCrypto(rates, input.to_currency) : null;
  if (input.to_currency && !toCurrency)
    throw invalidField({ key: 'to_currency', message: 'The selected to currency is invalid.' });
  const sandbox = flagValue(input.sandbox, false);
  if (sandbox && !settings.sandboxEnabled)
    throw invalidField({ key: 'sandbox', message: 'The sandbox is not enabled on this gateway.' });
  return betaPaymentIntake(
    {
      ...input,
      kind: 'invoice',
      price,
      payCurrency: price.kind === 'crypto' ? betaPayCoin(rates, input.currency, price) : null,
      toCurrency,
      sandbox,
    },
    merchant,
    prices,
    settings,
  );
}
