import {
  betaStatus,
  hasRequiredConfirmations,
  receivedAmount,
  toJsonNumber,
  type ExistingPayment,
} from '@gw/domain';
import type { CurrencyFacts } from './currency-facts';
import { unixSeconds } from './payment-amounts';

/**
 * The OxaPay v1 merchant webhook (upstream-apis.md §3.2 and the fields OxaPay's docs and SDK types
 * show): `track_id` a string, `status` Capitalised, amounts JSON numbers, USD values in `value` /
 * `sent_value`, one `txs` entry per deposit.
 */
export function betaWebhookPayload(payment: ExistingPayment, facts: CurrencyFacts): Record<string, unknown> {
  const { terms } = payment;
  const pay = facts.describe(terms.payCurrency);
  const usd = (amount: string, currency: string) => toJsonNumber(facts.usdValue(amount, currency));
  return {
    track_id: terms.trackId,
    status: betaStatus(payment.status),
    type: 'invoice',
    module_name: '',
    amount: toJsonNumber(terms.priceAmount),
    value: usd(terms.priceAmount, terms.priceCurrency),
    sent_value: usd(receivedAmount(payment.actuallyPaid, payment.lateDeposits), terms.payCurrency),
    currency: facts.describe(terms.priceCurrency).ticker,
    order_id: terms.orderId ?? '',
    email: terms.beta?.email ?? '',
    note: '',
    fee_paid_by_payer: terms.beta?.feePaidByPayer ? 1 : 0,
    under_paid_coverage: toJsonNumber(terms.underpaidTolerancePercent),
    description: terms.beta?.description ?? terms.orderDescription ?? '',
    date: unixSeconds(terms.createdAt),
    sandbox: terms.testPayment,
    // Money that came after the payment was done is one more transaction, as OxaPay records it.
    txs: [...payment.deposits, ...payment.lateDeposits].map((deposit) => ({
      status: hasRequiredConfirmations(deposit, terms.requiredConfirmations) ? 'confirmed' : 'confirming',
      tx_hash: deposit.txHash,
      sent_amount: toJsonNumber(deposit.amount),
      received_amount: toJsonNumber(deposit.amount),
      value: usd(deposit.amount, terms.payCurrency),
      sent_value: usd(deposit.amount, terms.payCurrency),
      currency: pay.ticker,
      network: pay.networkName,
      sender_address: deposit.fromAddress ?? '',
      address: terms.payAddress,
      rate: usd('1', terms.payCurrency),
      confirmations: deposit.confirmations,
      auto_convert_amount: 0,
      auto_convert_currency: terms.beta?.toCurrency?.toUpperCase() ?? '',
      date: unixSeconds(deposit.detectedAt),
    })),
  };
}
