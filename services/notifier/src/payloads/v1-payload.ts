import { merchantShareOf, moneyOf, toJsonNumber, type ExistingPayment } from '@gw/domain';
import { paidInPriceCurrency } from './payment-amounts';

/**
 * The NOWPayments payment IPN (upstream-apis.md §1.1): the documented example's keys and types, amounts
 * as JSON numbers, `purchase_id` a string as in the IPN example, plus the record's `payin_hash`. Key order does not matter: the body is
 * key-sorted before it is signed and sent.
 */
export function v1IpnPayload(payment: ExistingPayment): Record<string, unknown> {
  const { terms } = payment;
  return {
    payment_id: terms.paymentId,
    parent_payment_id: terms.parentPaymentId,
    invoice_id: terms.invoiceId,
    payment_status: payment.status,
    pay_address: terms.payAddress,
    payin_extra_id: terms.payinExtraId,
    price_amount: toJsonNumber(terms.priceAmount),
    price_currency: terms.priceCurrency,
    pay_amount: toJsonNumber(payment.payAmount),
    actually_paid: toJsonNumber(payment.actuallyPaid),
    actually_paid_at_fiat: toJsonNumber(paidInPriceCurrency(payment)),
    pay_currency: terms.payCurrency,
    order_id: terms.orderId,
    order_description: terms.orderDescription,
    purchase_id: String(terms.purchaseId),
    outcome_amount: toJsonNumber(payment.outcomeAmount),
    outcome_currency: terms.outcomeCurrency,
    // Not in the upstream IPN example; the record's payin_hash, inside the signed body.
    payin_hash: payment.deposits[0]?.txHash ?? null,
    payment_extra_ids: repeatedPaymentIdsOf(payment),
    is_test: terms.testPayment,
    fee: {
      currency: terms.outcomeCurrency,
      depositFee: 0,
      withdrawalFee: 0,
      serviceFee: toJsonNumber(merchantShareOf(moneyOf(payment)).commission),
    },
  };
}

/** The repeated payments a parent's late deposits opened (upstream: null when there are none). */
function repeatedPaymentIdsOf(payment: ExistingPayment): number[] | null {
  const ids = payment.lateDeposits.flatMap((late) =>
    late.repeatedPayment ? [late.repeatedPayment.paymentId] : [],
  );
  return ids.length > 0 ? ids : null;
}
