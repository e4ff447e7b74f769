import { hasRequiredConfirmations, receivedAmount, toJsonNumber } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import type { CurrencyFacts } from '../currency-facts';
import { unixSeconds } from '../payment-amounts';
import { betaPaymentFields } from './payment-fields';

/**
 * The OxaPay v1 merchant webhook (upstream-apis.md §3.2 and the fields OxaPay's docs and SDK types
 * show): `track_id` a string, `status` Capitalised, amounts JSON numbers, USD values in `value` /
 * `sent_value`, one `txs` entry per deposit. The fields it shares with the payment information come
 * from `betaPaymentFields`, as the information's do.
 */
export function betaWebhookPayload(payment: PaymentDocument, facts: CurrencyFacts): Record<string, unknown> {
  const fields = betaPaymentFields(payment);
  const pay = facts.describe(payment.payCurrency);
  const usd = (amount: string, currency: string) => toJsonNumber(facts.usdValue(amount, currency));
  return {
    track_id: fields.track_id,
    status: fields.status,
    type: fields.type,
    module_name: '',
    amount: fields.amount,
    value: usd(payment.priceAmount, payment.priceCurrency),
    sent_value: usd(receivedAmount(payment.actuallyPaid, payment.lateDeposits), payment.payCurrency),
    currency: facts.describe(payment.priceCurrency).ticker,
    order_id: fields.order_id,
    email: fields.email,
    note: '',
    fee_paid_by_payer: fields.fee_paid_by_payer,
    under_paid_coverage: fields.under_paid_coverage,
    description: fields.description,
    date: fields.date,
    sandbox: fields.sandbox,
    // Money that came after the payment was done is one more transaction, as OxaPay records it.
    txs: [...(payment.deposits ?? []), ...payment.lateDeposits].map((deposit) => ({
      status: hasRequiredConfirmations(deposit, payment.requiredConfirmations) ? 'confirmed' : 'confirming',
      tx_hash: deposit.txHash,
      sent_amount: toJsonNumber(deposit.amount),
      received_amount: toJsonNumber(deposit.amount),
      value: usd(deposit.amount, payment.payCurrency),
      sent_value: usd(deposit.amount, payment.payCurrency),
      currency: pay.ticker,
      network: pay.networkName,
      sender_address: deposit.fromAddress ?? '',
      address: payment.payAddress,
      rate: usd('1', payment.payCurrency),
      confirmations: deposit.confirmations,
      auto_convert_amount: 0,
      auto_convert_currency: payment.beta?.toCurrency?.toUpperCase() ?? '',
      date: unixSeconds(deposit.detectedAt),
    })),
  };
}
