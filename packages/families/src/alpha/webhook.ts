import { alphaIsFinal, alphaStatus, isOverpaid, merchantShareOf, toFixedDecimals } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import type { CurrencyFacts } from '../currency-facts';
import { quoteRate } from '../payment-amounts';

const money = (amount: string): string => toFixedDecimals(amount, 8);

/**
 * The Cryptomus payment webhook (upstream-apis.md §2.2) without `sign`: money as strings with 8
 * decimals (`payment_amount_usd` too) so PHP, Python and JS re-encode it identically; `payment_amount` is everything the
 * address received, money that came after the payment was done included; `txid` is the latest such
 * transaction, and only once one exists, as upstream omits it for unpaid invoices. `convert` and
 * `transfer_id` belong to features we do not offer.
 */
export function alphaWebhookPayload(payment: PaymentDocument, facts: CurrencyFacts): Record<string, unknown> {
  const deposits = payment.deposits ?? [];
  const firstDeposit = deposits[0] ?? payment.lateDeposits[0];
  // The transaction the webhook is about: the latest money, late deposits included.
  const lastDeposit = payment.lateDeposits.at(-1) ?? deposits.at(-1);
  const { received, merchantAmount, commission } = merchantShareOf(payment);
  const payload: Record<string, unknown> = {
    type: 'payment',
    uuid: payment.uuid,
    order_id: payment.orderId ?? '',
    amount: money(payment.priceAmount),
    payment_amount: money(received),
    payment_amount_usd: money(facts.usdValue(received, payment.payCurrency)),
    merchant_amount: money(merchantAmount),
    commission: money(commission),
    is_final: alphaIsFinal(payment.status),
    is_test: payment.testPayment,
    status: alphaStatus(payment.status, isOverpaid(payment)),
    from: firstDeposit?.fromAddress ?? null,
    wallet_address_uuid: null,
    // As the payment's record names it (tron, polygon), not by the catalogue code (trx, matic).
    network: payment.alpha?.network ?? payment.payNetwork,
    currency: payment.priceCurrency.toUpperCase(),
    payer_currency: facts.describe(payment.payCurrency).ticker,
    payer_amount: money(payment.payAmount),
    payer_amount_exchange_rate: money(quoteRate(payment)),
    additional_data: payment.alpha?.additionalData ?? null,
  };
  if (lastDeposit) payload.txid = lastDeposit.txHash;
  return payload;
}
