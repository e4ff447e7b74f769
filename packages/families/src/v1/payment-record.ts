import { toJsonNumber, type PaymentStatus, type PaymentTerms } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';

/** ISO 8601 with milliseconds and Z, whatever precision the stored time has. */
export const isoMillis = (time: string): string => new Date(time).toISOString();

/** Upstream prints the word null as a string when no burning applies. */
const NO_BURNING = 'null';
const PAYMENT_TYPE = 'crypto2crypto';
/** How NOWPayments marks a payment opened by money sent again to a used address. */
export const REPEATED_ORIGIN = 'REPEATED';

/** GET /v1/payment/{id} and each item of GET /v1/payment/. */
export interface V1PaymentRecord {
  payment_id: number;
  invoice_id: string | null;
  payment_status: PaymentStatus;
  pay_address: string;
  payin_extra_id: string | null;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  actually_paid: number;
  pay_currency: string;
  order_id: string | null;
  order_description: string | null;
  purchase_id: number;
  outcome_amount: number;
  outcome_currency: string;
  payin_hash: string | null;
  payout_hash: string | null;
  burning_percent: string;
  type: string;
  /** The payment whose address received this repeated payment's money after it was done. */
  parent_payment_id: number | null;
  origin_type: typeof REPEATED_ORIGIN | null;
  /** The repeated payments this payment's late deposits opened. */
  payment_extra_ids: number[] | null;
  /** True for a sandbox payment paid on the simulated chain, false for one paid to the merchant's wallet. */
  is_test: boolean;
  created_at: string;
  updated_at: string;
}

export function toPaymentRecord(doc: PaymentDocument): V1PaymentRecord {
  return {
    payment_id: doc.paymentId,
    invoice_id: doc.invoiceId,
    payment_status: doc.status,
    pay_address: doc.payAddress,
    payin_extra_id: doc.payinExtraId,
    price_amount: toJsonNumber(doc.priceAmount),
    price_currency: doc.priceCurrency,
    pay_amount: toJsonNumber(doc.payAmount),
    actually_paid: toJsonNumber(doc.actuallyPaid),
    pay_currency: doc.payCurrency,
    order_id: doc.orderId,
    order_description: doc.orderDescription,
    purchase_id: doc.purchaseId,
    outcome_amount: toJsonNumber(doc.outcomeAmount),
    outcome_currency: doc.outcomeCurrency,
    payin_hash: doc.payinHash,
    payout_hash: doc.payoutHash,
    burning_percent: NO_BURNING,
    type: PAYMENT_TYPE,
    parent_payment_id: doc.parentPaymentId,
    origin_type: doc.parentPaymentId === null ? null : REPEATED_ORIGIN,
    payment_extra_ids: repeatedPaymentIdsOf(doc),
    is_test: doc.testPayment,
    created_at: isoMillis(doc.createdAt),
    updated_at: isoMillis(doc.updatedAt),
  };
}

/** The repeated payments a parent's late deposits opened (upstream: null when there are none). */
function repeatedPaymentIdsOf(doc: PaymentDocument): number[] | null {
  const ids = doc.lateDeposits.flatMap((late) =>
    late.repeatedPaymentId === null ? [] : [late.repeatedPaymentId],
  );
  return ids.length > 0 ? ids : null;
}

/** GET /v1/invoice-payment: the record without its chain details, purchase_id as a string. */
export type V1InvoicePaymentRecord = Omit<
  V1PaymentRecord,
  | 'invoice_id'
  | 'payin_extra_id'
  | 'payin_hash'
  | 'payout_hash'
  | 'burning_percent'
  | 'type'
  | 'purchase_id'
  | 'parent_payment_id'
  | 'origin_type'
  | 'payment_extra_ids'
> & { purchase_id: string };

export function toInvoicePaymentRecord(doc: PaymentDocument): V1InvoicePaymentRecord {
  const {
    invoice_id: _invoiceId,
    payin_extra_id: _payinExtraId,
    payin_hash: _payinHash,
    payout_hash: _payoutHash,
    burning_percent: _burningPercent,
    type: _type,
    parent_payment_id: _parentPaymentId,
    origin_type: _originType,
    payment_extra_ids: _paymentExtraIds,
    ...rest
  } = toPaymentRecord(doc);
  return { ...rest, purchase_id: String(doc.purchaseId) };
}

/** POST /v1/payment (201), built from the command's terms: the read model may not have the payment yet. */
export interface V1CreatedPayment {
  payment_id: number;
  payment_status: 'waiting';
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  pay_currency: string;
  order_id: string | null;
  order_description: string | null;
  ipn_callback_url: string | null;
  purchase_id: number;
  payin_extra_id: string | null;
  amount_received: number;
  network: string;
  expiration_estimate_date: string;
  is_fixed_rate: boolean;
  is_fee_paid_by_user: boolean;
  burning_percent: string;
  type: string;
  is_test: boolean;
  created_at: string;
  updated_at: string;
}

export function toCreatedPayment(terms: PaymentTerms): V1CreatedPayment {
  return {
    payment_id: terms.paymentId,
    payment_status: 'waiting',
    pay_address: terms.payAddress,
    price_amount: toJsonNumber(terms.priceAmount),
    price_currency: terms.priceCurrency,
    pay_amount: toJsonNumber(terms.payAmount),
    pay_currency: terms.payCurrency,
    order_id: terms.orderId,
    order_description: terms.orderDescription,
    ipn_callback_url: terms.callbackUrl,
    purchase_id: terms.purchaseId,
    payin_extra_id: terms.payinExtraId,
    amount_received: 0,
    network: terms.payNetwork,
    expiration_estimate_date: isoMillis(terms.expiresAt),
    is_fixed_rate: terms.isFixedRate,
    is_fee_paid_by_user: terms.isFeePaidByUser,
    burning_percent: NO_BURNING,
    type: PAYMENT_TYPE,
    is_test: terms.testPayment,
    created_at: isoMillis(terms.createdAt),
    updated_at: isoMillis(terms.createdAt),
  };
}
