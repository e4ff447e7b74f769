import { merchantShareOf, paymentKindOf, staticAddressUuidSeed, toFixedDecimals } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import type { CurrencyFacts } from '../currency-facts';
import { quoteRate } from '../payment-amounts';
import { alphaPaymentFields } from './payment-record';
import { uuidFrom } from '@gw/platform';

const money = (amount: string): string => toFixedDecimals(amount, 8);

/**
 * The Cryptomus payment webhook (upstream-apis.md §2.2) without `sign`: money as strings with 8
 * decimals (`payment_amount_usd` too) so PHP, Python and JS re-encode it identically; `payment_amount` is everything the
 * address received, money that came after the payment was done included; `txid` is the latest such
 * transaction, and only once one exists, as upstream omits it for unpaid invoices. `convert` and
 * `transfer_id` belong to features we do not offer. The fields it shares with the record come from
 * `alphaPaymentFields`, as the record's do.
 */
export function alphaWebhookPayload(payment: PaymentDocument, facts: CurrencyFacts): Record<string, unknown> {
  const deposits = payment.deposits ?? [];
  const firstDeposit = deposits[0] ?? payment.lateDeposits[0];
  // The transaction the webhook is about: the latest money, late deposits included.
  const lastDeposit = payment.lateDeposits.at(-1) ?? deposits.at(-1);
  const fields = alphaPaymentFields(payment);
  const { received } = merchantShareOf(payment);
  const walletId = paymentKindOf(payment) === 'static_address' ? (payment.staticAddressId ?? null) : null;
  const payload: Record<string, unknown> = {
    // A top-up of a static wallet is reported as upstream reports it: type wallet, naming the wallet.
    type: walletId === null ? 'payment' : 'wallet',
    uuid: fields.uuid,
    order_id: fields.order_id,
    amount: fields.amount,
    payment_amount: fields.payment_amount,
    payment_amount_usd: money(facts.usdValue(received, payment.payCurrency)),
    merchant_amount: fields.merchant_amount,
    commission: fields.commission,
    is_final: fields.is_final,
    is_test: fields.is_test,
    status: fields.status,
    from: firstDeposit?.fromAddress ?? null,
    wallet_address_uuid: walletId === null ? null : uuidFrom(staticAddressUuidSeed(walletId)),
    // As the payment's record names it (tron, polygon), not by the catalogue code (trx, matic).
    network: payment.alpha?.network ?? payment.payNetwork,
    currency: payment.priceCurrency.toUpperCase(),
    payer_currency: facts.describe(payment.payCurrency).ticker,
    payer_amount: fields.payer_amount,
    payer_amount_exchange_rate: money(quoteRate(payment)),
    additional_data: fields.additional_data,
  };
  if (lastDeposit) payload.txid = lastDeposit.txHash;
  return payload;
}
