import { betaStatus, hasRequiredConfirmations, receivedAmount, toJsonNumber } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import type { CurrencyFacts } from '../currency-facts';
import { unixSeconds } from '../payment-amounts';

/**
 * The OxaPay v1 merchant webhook (upstream-apis.md §3.2 and the fields OxaPay's docs and SDK types
 * show): `track_id` a string, `status` Capitalised, amounts JSON numbers, USD values in `value` /
 * `sent_value`, one `txs` entry per deposit.
 */
export function betaWebhookPayload(payment: PaymentDocument, facts: CurrencyFacts): Record<string, unknown> {
  const pay = facts.describe(payment.payCurrency);
  const usd = (amount: string, currency: string) => toJsonNumber(facts.usdValue(amount, currency));
  return {
    track_id: payment.trackId,
    status: betaStatus(payment.status),
    type: 'invoice',
    module_name: '',
    amount: toJsonNumber(payment.priceAmount),
    value: usd(payment.priceAmount, payment.priceCurrency),
    sent_value: usd(receivedAmount(payment.actuallyPaid, payment.lateDeposits), payment.payCurrency),
    currency: facts.describe(payment.priceCurrency).ticker,
    order_id: payment.orderId ?? '',
    email: payment.beta?.email ?? '',
    note: '',
    fee_paid_by_payer: payment.beta?.feePaidByPayer ? 1 : 0,
    under_paid_coverage: toJsonNumber(payment.underpaidTolerancePercent),
    description: payment.beta?.description ?? payment.orderDescription ?? '',
    date: unixSeconds(payment.createdAt),
    sandbox: payment.testPayment,
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
