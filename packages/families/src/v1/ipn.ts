import { merchantShareOf, toJsonNumber } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import { paidInPriceCurrency } from '../payment-amounts';
import { toPaymentRecord } from './payment-record';

/**
 * The NOWPayments payment IPN (upstream-apis.md §1.1): the documented example's keys and types, amounts
 * as JSON numbers, `purchase_id` a string as in the IPN example, plus the record's `payin_hash`. Every
 * field the IPN shares with the payment record (GET /v1/payment/{id}) is taken from that record, so the
 * two never disagree. Key order does not matter: the body is key-sorted before it is signed and sent.
 */
export function v1IpnPayload(payment: PaymentDocument): Record<string, unknown> {
  const record = toPaymentRecord(payment);
  return {
    payment_id: record.payment_id,
    parent_payment_id: record.parent_payment_id,
    invoice_id: record.invoice_id,
    payment_status: record.payment_status,
    pay_address: record.pay_address,
    payin_extra_id: record.payin_extra_id,
    price_amount: record.price_amount,
    price_currency: record.price_currency,
    pay_amount: record.pay_amount,
    actually_paid: record.actually_paid,
    actually_paid_at_fiat: toJsonNumber(paidInPriceCurrency(payment)),
    pay_currency: record.pay_currency,
    order_id: record.order_id,
    order_description: record.order_description,
    // A string in the IPN example, a number in the record.
    purchase_id: String(record.purchase_id),
    outcome_amount: record.outcome_amount,
    outcome_currency: record.outcome_currency,
    // Not in the upstream IPN example; the record's payin_hash, inside the signed body.
    payin_hash: record.payin_hash,
    payment_extra_ids: record.payment_extra_ids,
    is_test: record.is_test,
    fee: {
      currency: record.outcome_currency,
      depositFee: 0,
      withdrawalFee: 0,
      serviceFee: toJsonNumber(merchantShareOf(payment).commission),
    },
  };
}
