import { merchantShareOf, toJsonNumber } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import { paidInPriceCurrency } from '../payment-amounts';
import { repeatedPaymentIdsOf } from './payment-record';

/**
 * The NOWPayments payment IPN (upstream-apis.md §1.1): the documented example's keys and types, amounts
 * as JSON numbers, `purchase_id` a string as in the IPN example, plus the record's `payin_hash`. Key order does not matter: the body is
 * key-sorted before it is signed and sent.
 */
export function v1IpnPayload(payment: PaymentDocument): Record<string, unknown> {
  return {
    payment_id: payment.paymentId,
    parent_payment_id: payment.parentPaymentId,
    invoice_id: payment.invoiceId,
    payment_status: payment.status,
    pay_address: payment.payAddress,
    payin_extra_id: payment.payinExtraId,
    price_amount: toJsonNumber(payment.priceAmount),
    price_currency: payment.priceCurrency,
    pay_amount: toJsonNumber(payment.payAmount),
    actually_paid: toJsonNumber(payment.actuallyPaid),
    actually_paid_at_fiat: toJsonNumber(paidInPriceCurrency(payment)),
    pay_currency: payment.payCurrency,
    order_id: payment.orderId,
    order_description: payment.orderDescription,
    purchase_id: String(payment.purchaseId),
    outcome_amount: toJsonNumber(payment.outcomeAmount),
    outcome_currency: payment.outcomeCurrency,
    // Not in the upstream IPN example; the record's payin_hash, inside the signed body.
    payin_hash: payment.payinHash,
    payment_extra_ids: repeatedPaymentIdsOf(payment),
    is_test: payment.testPayment,
    fee: {
      currency: payment.outcomeCurrency,
      depositFee: 0,
      withdrawalFee: 0,
      serviceFee: toJsonNumber(merchantShareOf(payment).commission),
    },
  };
}
