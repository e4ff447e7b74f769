import type { Family } from './payment';

/**
 * How a payment was asked for, fixed when it is created: an `invoice` the buyer pays on a hosted page,
 * a `white_label` payment whose address and amount the merchant shows on its own page (V1's direct
 * payments, family B's white-label), or a deposit to a `static_address` held for one customer.
 */
export const PAYMENT_KINDS = ['invoice', 'white_label', 'static_address'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * The payment's kind. Payments created before it was recorded have none: V1's were all direct payments
 * (white-label), families A's and B's all invoices.
 */
export const paymentKindOf = (payment: { family: Family; kind?: PaymentKind | null }): PaymentKind =>
  payment.kind ?? defaultPaymentKind(payment.family);

/** What a family's payment is when its entry point names no other kind. */
export const defaultPaymentKind = (family: Family): PaymentKind =>
  family === 'v1' ? 'white_label' : 'invoice';

export const isPaymentKind = (value: string): value is PaymentKind =>
  (PAYMENT_KINDS as readonly string[]).includes(value);
