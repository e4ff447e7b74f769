import { BETA_LIFETIME_MINUTES, flagValue, type BetaCreateInvoiceInput } from '@gw/contracts/api/beta';
import { amount as toAmount, type PriceViews } from '@gw/domain';
import type { RatesService } from '@gw/pricing';
import { admitOrRefuse, admittedIntakeTerms, type AdmissionSettings, type PaymentIntake } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import {
  betaDefaultPayCurrencies,
  betaPayCoin,
  betaSymbol,
  findBetaCrypto,
  findBetaCurrency,
  betaRefusal,
  invalidField,
} from '@gw/families';

/** The gateway's sandbox switch, watched chains and price age limit: what decides whether an invoice opens. */
export type InvoiceSettings = AdmissionSettings;

/**
 * POST /beta/v1/payment/invoice body (schema-checked) → the family-neutral intake. An invoice priced
 * in a crypto is paid in it, on the first network of that symbol the merchant can be paid on
 * ({@link betaPayCoin}); one priced in fiat opens in USDT, else the merchant's first payable coin
 * ({@link betaDefaultPayCurrencies}), which the hosted page may let the buyer change.
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

  const feePaidByPayer = flagValue(input.fee_paid_by_payer, false);
  const lifetimeMinutes = input.lifetime ?? BETA_LIFETIME_MINUTES.default;
  const admitted = admitOrRefuse(
    {
      family: 'beta',
      // The schema-checked wire value; admission reads it with the money parser.
      priceAmount: input.amount,
      priceCurrency: price.code,
      payCurrency: price.kind === 'crypto' ? betaPayCoin(rates, input.currency, price) : null,
      defaultPayCurrencies: betaDefaultPayCurrencies(rates),
      payerFeePercent: feePaidByPayer ? '100' : '0',
      lifetimeSeconds: lifetimeMinutes * 60,
    },
    merchant,
    settings,
    prices,
    betaRefusal,
  );

  const description = input.description ?? null;
  return {
    merchantId: merchant.merchantId,
    family: 'beta',
    ...admittedIntakeTerms(admitted),
    orderId: input.order_id === undefined || input.order_id === null ? null : String(input.order_id),
    orderDescription: description,
    callbackUrl: input.callback_url ?? null,
    redirectUrls: { success: input.return_url ?? null, return: input.return_url ?? null },
    underpaidTolerancePercent: toAmount(input.under_paid_coverage ?? 0),
    isFeePaidByUser: feePaidByPayer,
    // A sandbox invoice is paid in full by the sandbox chain's `success` walk, as OxaPay's sandbox pays by itself.
    sandboxCase: sandbox ? 'success' : null,
    beta: {
      lifetimeMinutes,
      feePaidByPayer,
      toCurrency: toCurrency ? betaSymbol(toCurrency) : null,
      email: input.email ?? null,
      thanksMessage: input.thanks_message ?? null,
      description,
    },
  };
}
