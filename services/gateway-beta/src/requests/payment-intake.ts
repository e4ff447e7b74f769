import { BETA_LIFETIME_MINUTES, flagValue } from '@gw/contracts/api/beta';
import {
  amount as toAmount,
  type NamedPayCoin,
  type PaymentKind,
  type PriceViews,
  type Refusal,
} from '@gw/domain';
import type { CryptoCurrency, Currency, RatesService } from '@gw/pricing';
import {
  admitOrRefuse,
  admittedIntakeTerms,
  type AdmissionSettings,
  type PaymentIntake,
} from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import { betaDefaultPayCurrencies, betaRefusal, betaSymbol, type BetaError } from '@gw/families';

/** The gateway's sandbox switch, watched chains and price age limit: what decides whether a payment opens. */
export type BetaPaymentSettings = AdmissionSettings;

/** What every family B payment request (invoice, white-label) says, its currencies already found. */
export interface BetaPaymentRequest {
  kind: PaymentKind;
  /** The schema-checked wire value; admission reads it with the money parser. */
  amount: string | number;
  price: Currency;
  /** The coin(s) named to pay in; null lets admission pick from the family's defaults. */
  payCurrency: NamedPayCoin | null;
  toCurrency: CryptoCurrency | null;
  sandbox: boolean;
  lifetime?: number | null;
  fee_paid_by_payer?: number | string | boolean | null;
  under_paid_coverage?: number | null;
  callback_url?: string | null;
  return_url?: string | null;
  email?: string | null;
  order_id?: string | number | null;
  thanks_message?: string | null;
  description?: string | null;
}

/**
 * A family B payment request → the family-neutral intake, admitted by the one admission rule: an
 * invoice and a white-label payment differ in how the payer is shown it (`kind`), never in whether it opens.
 */
export function betaPaymentIntake(
  request: BetaPaymentRequest,
  merchant: MerchantDocument,
  prices: PriceViews<RatesService>,
  settings: BetaPaymentSettings,
  refusalOf: (refusal: Refusal) => BetaError = betaRefusal,
): PaymentIntake {
  const rates = prices.fixed;
  const feePaidByPayer = flagValue(request.fee_paid_by_payer, false);
  const lifetimeMinutes = request.lifetime ?? BETA_LIFETIME_MINUTES.default;
  const admitted = admitOrRefuse(
    {
      family: 'beta',
      priceAmount: request.amount,
      priceCurrency: request.price.code,
      payCurrency: request.payCurrency,
      defaultPayCurrencies: betaDefaultPayCurrencies(rates),
      payerFeePercent: feePaidByPayer ? '100' : '0',
      lifetimeSeconds: lifetimeMinutes * 60,
    },
    merchant,
    settings,
    prices,
    refusalOf,
  );

  const description = request.description ?? null;
  return {
    merchantId: merchant.merchantId,
    merchant,
    family: 'beta',
    kind: request.kind,
    ...admittedIntakeTerms(admitted),
    orderId: request.order_id === undefined || request.order_id === null ? null : String(request.order_id),
    orderDescription: description,
    callbackUrl: request.callback_url ?? null,
    redirectUrls: { success: request.return_url ?? null, return: request.return_url ?? null },
    underpaidTolerancePercent: toAmount(request.under_paid_coverage ?? 0),
    isFeePaidByUser: feePaidByPayer,
    // A sandbox payment is paid in full by the sandbox chain's `success` walk, as OxaPay's sandbox pays by itself.
    sandboxCase: request.sandbox ? 'success' : null,
    beta: {
      lifetimeMinutes,
      feePaidByPayer,
      toCurrency: request.toCurrency ? betaSymbol(request.toCurrency) : null,
      email: request.email ?? null,
      thanksMessage: request.thanks_message ?? null,
      description,
    },
  };
}
