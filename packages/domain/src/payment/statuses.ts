/** The V1 status set (the service's own vocabulary) and every allowed transition. */
export const PAYMENT_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'finished',
  'partially_paid',
  'failed',
  'refunded',
  'expired',
] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// A deposit whose transaction left the chain for good (DepositDropped) takes a payment that still takes
// money back to waiting, expired or partially_paid.
const TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  waiting: ['confirming', 'partially_paid', 'failed', 'expired'],
  partially_paid: ['confirming', 'failed', 'refunded', 'waiting', 'expired'],
  confirming: ['confirmed', 'failed', 'waiting', 'partially_paid', 'expired'],
  // Back to confirming when a reorganisation takes a deposit's confirmations away; straight to
  // finished when the money already sits in the merchant's own wallet (nothing to pay out).
  confirmed: ['sending', 'finished', 'confirming', 'failed', 'waiting', 'partially_paid', 'expired'],
  sending: ['finished', 'failed'],
  finished: ['refunded'],
  failed: [],
  refunded: [],
  expired: [],
};

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** A payment in a final status takes no more status changes except a refund of a finished one. */
export const FINAL_STATUSES: readonly PaymentStatus[] = ['finished', 'failed', 'refunded', 'expired'];

export const isFinalStatus = (status: PaymentStatus): boolean => FINAL_STATUSES.includes(status);

export const isPaymentStatus = (value: string): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(value);
