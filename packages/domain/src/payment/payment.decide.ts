import type { Command } from '../messages';
import { defineAggregate } from '../aggregate';
import { DomainError, assertNever } from '../errors';
import { add, compare, isNegative, isPositive, percentOf, roundDown, subtract, type Amount } from '../money';
import { isMoney } from '../money-input';
import { dropDeposit, findDroppedDeposit, isObservedBeforeDrop } from './dropped-deposits';
import { paidToMerchantWallet } from './merchant-share';
import {
  confirmLateDeposit,
  findLateDeposit,
  overpaidAmount,
  receiveLateDeposit,
  type ObservedDeposit,
} from './late-deposits';
import {
  PAYMENT_EVENT_TYPES,
  evolvePayment,
  hasRequiredConfirmations,
  initialPayment,
  isSameDeposit,
  outputIndexOf,
  paidThreshold,
  takesDeposits,
  type Deposit,
  type DepositRef,
  type ExistingPayment,
  type Payment,
  type PaymentEvent,
  type PaymentTerms,
} from './payment';
import { findPriorDeposit, isPriorDeposit, receivePriorDeposit } from './prior-deposits';
import { recordRefundTransfer, requestRefund, type ObservedRefundTransfer } from './refunds';
import { canTransition, type PaymentStatus } from './statuses';

// ---------------------------------------------------------------------------------------------
// Commands

export type CreatePayment = Command<'CreatePayment', PaymentTerms>;
/** A transaction to the pay address was seen, or its confirmations changed. */
export type RecordDeposit = Command<'RecordDeposit', ObservedDeposit>;
/** Opens the V1 repeated payment that carries a parent's late deposit, with that deposit already on it. */
export type OpenRepeatedPayment = Command<
  'OpenRepeatedPayment',
  { terms: PaymentTerms & { parentPaymentId: number }; deposit: ObservedDeposit }
>;
/** The deposit's transaction left the chain for good: reorganised out and never mined again, or replaced. */
export type DropDeposit = Command<'DropDeposit', DepositRef>;
export type StartPayout = Command<'StartPayout', { serviceFeePercent: Amount }>;
export type CompletePayout = Command<'CompletePayout', { payoutHash: string }>;
export type FailPayment = Command<'FailPayment', { reason: string }>;
/** Marks the payment refunded by hand: the money went back, seen or not by a watcher. */
export type RefundPayment = Command<'RefundPayment', { refundHash: string | null }>;
/** The merchant will send the buyer `amount` (null: all the payment received) at `address`, checked for the network. */
export type RequestRefund = Command<'RequestRefund', { address: string; amount: Amount | null }>;
/** The watcher saw a transaction paying the pending refund's address, or its confirmations changed. */
export type RecordRefundTransfer = Command<'RecordRefundTransfer', ObservedRefundTransfer>;
export type ExpirePayment = Command<'ExpirePayment', Record<string, never>>;
export type UpdatePaymentEstimate = Command<
  'UpdatePaymentEstimate',
  { payAmount: Amount; expiresAt: string }
>;

export type PaymentCommand =
  | CreatePayment
  | OpenRepeatedPayment
  | RecordDeposit
  | DropDeposit
  | StartPayout
  | CompletePayout
  | FailPayment
  | RefundPayment
  | RequestRefund
  | RecordRefundTransfer
  | ExpirePayment
  | UpdatePaymentEstimate;

export type PaymentCommandType = PaymentCommand['type'];

// ---------------------------------------------------------------------------------------------
// Decide

export function decidePayment(command: PaymentCommand, state: Payment): PaymentEvent[] {
  if (command.type === 'CreatePayment') return create(command, state);
  if (command.type === 'OpenRepeatedPayment') return openRepeated(command, state);
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'payment not found');
  switch (command.type) {
    case 'RecordDeposit':
      return recordDeposit(command, state);
    case 'DropDeposit':
      return dropDeposit(state, command.data, command.metadata.now);
    case 'StartPayout':
      return startPayout(command, state);
    case 'CompletePayout':
      return completePayout(command, state);
    case 'FailPayment':
      return fail(command, state);
    case 'RefundPayment':
      return refund(command, state);
    case 'RequestRefund':
      return requestRefund(state, command.data, command.metadata.now);
    case 'RecordRefundTransfer':
      return recordRefundTransfer(state, command.data, command.metadata.now);
    case 'ExpirePayment':
      return expire(command, state);
    case 'UpdatePaymentEstimate':
      return updateEstimate(command, state);
    default:
      return assertNever(command);
  }
}

function openRepeated({ data, metadata }: OpenRepeatedPayment, state: Payment): PaymentEvent[] {
  const created = create({ type: 'CreatePayment', data: data.terms, metadata }, state);
  const opened = created.reduce(evolvePayment, state) as ExistingPayment;
  return [...created, ...recordDeposit({ type: 'RecordDeposit', data: data.deposit, metadata }, opened)];
}

function create({ data }: CreatePayment, state: Payment): PaymentEvent[] {
  if (state.status !== 'none') throw new DomainError('STREAM_ALREADY_EXISTS', 'payment already exists');
  // The money parser again, whatever entry point sent the command: no "Infinity" is ever made durable.
  if (!isMoney(data.priceAmount))
    throw new DomainError('INVALID_AMOUNT', 'price_amount must be a positive number');
  if (!isPositive(data.payAmount))
    throw new DomainError('INVALID_AMOUNT', 'pay_amount must be a positive number');
  return [{ type: 'PaymentCreated', data }];
}

function recordDeposit({ data, metadata }: RecordDeposit, payment: ExistingPayment): PaymentEvent[] {
  const at = metadata.now;
  const known = payment.deposits.find((d) => isSameDeposit(d, data));
  if (known) return confirmDeposit(payment, known, data.confirmations, at);
  const late = findLateDeposit(payment, data);
  if (late) return confirmLateDeposit(payment, late, data.confirmations, at);
  // Money older than the payment is recorded once and never counts, however it is seen again.
  if (findPriorDeposit(payment, data)) return [];
  const dropped = findDroppedDeposit(payment, data);
  if (dropped && isObservedBeforeDrop(dropped, at)) return [];
  if (!isPositive(data.amount)) throw new DomainError('INVALID_AMOUNT', 'deposit amount must be positive');
  if (isPriorDeposit(payment, data)) return [receivePriorDeposit(data, at)];
  if (!takesDeposits(payment.status, payment.terms.family)) return [receiveLateDeposit(payment, data, at)];

  const actuallyPaid = add(payment.actuallyPaid, data.amount);
  const events: PaymentEvent[] = [
    {
      type: 'DepositDetected',
      data: {
        txHash: data.txHash,
        outputIndex: outputIndexOf(data),
        amount: data.amount,
        fromAddress: data.fromAddress,
        confirmations: data.confirmations,
        detectedAt: at,
        actuallyPaid,
      },
    },
  ];
  const overpaid = overpaidAmount(payment.payAmount, actuallyPaid);
  if (isPositive(overpaid)) {
    events.push({ type: 'PaymentOverpaid', data: { actuallyPaid, overpaidAmount: overpaid, at } });
  }
  // Confirming or confirmed: more money before the payout is part of what is paid out.
  if (payment.status !== 'waiting' && payment.status !== 'partially_paid') return events;

  if (compare(actuallyPaid, paidThreshold(payment)) < 0) {
    events.push({
      type: 'PaymentUnderpaid',
      data: { actuallyPaid, missingAmount: subtract(payment.payAmount, actuallyPaid), at },
    });
    return events;
  }
  events.push({ type: 'PaymentConfirming', data: { actuallyPaid, at } });
  const deposits = [...payment.deposits, { confirmations: data.confirmations }];
  if (deposits.every((d) => hasRequiredConfirmations(d, payment.terms.requiredConfirmations))) {
    events.push({ type: 'PaymentConfirmed', data: { actuallyPaid, at } });
  }
  return events;
}

function confirmDeposit(
  payment: ExistingPayment,
  known: Deposit,
  confirmations: number,
  at: string,
): PaymentEvent[] {
  if (confirmations < known.confirmations) return loseConfirmations(payment, known, confirmations, at);
  if (confirmations === known.confirmations) return [];
  const { txHash } = known;
  const outputIndex = outputIndexOf(known);
  const events: PaymentEvent[] = [
    { type: 'DepositConfirmationsUpdated', data: { txHash, outputIndex, confirmations, updatedAt: at } },
  ];
  const allConfirmed = payment.deposits.every((d) =>
    hasRequiredConfirmations(
      isSameDeposit(d, known) ? { confirmations } : d,
      payment.terms.requiredConfirmations,
    ),
  );
  if (payment.status === 'confirming' && allConfirmed) {
    events.push({ type: 'PaymentConfirmed', data: { actuallyPaid: payment.actuallyPaid, at } });
  }
  return events;
}

/**
 * A reorganisation took the deposit's block off the best chain. A confirmed payment steps back to
 * confirming until every deposit holds the required confirmations again; one whose payout already
 * started keeps its status (the required count is what guards it), but the loss is recorded. An
 * observation older than the last one applied is a late redelivery, not a reorganisation.
 */
function loseConfirmations(
  payment: ExistingPayment,
  deposit: Deposit,
  confirmations: number,
  at: string,
): PaymentEvent[] {
  const { txHash } = deposit;
  const outputIndex = outputIndexOf(deposit);
  if (payment.depositsObservedAt !== null && Date.parse(at) < Date.parse(payment.depositsObservedAt))
    return [];
  const events: PaymentEvent[] = [
    { type: 'DepositConfirmationsLost', data: { txHash, outputIndex, confirmations, at } },
  ];
  if (
    payment.status === 'confirmed' &&
    !hasRequiredConfirmations({ confirmations }, payment.terms.requiredConfirmations)
  ) {
    events.push({ type: 'PaymentConfirming', data: { actuallyPaid: payment.actuallyPaid, at } });
  }
  return events;
}

function requireTransition(payment: ExistingPayment, to: PaymentStatus): void {
  if (!canTransition(payment.status, to)) {
    throw new DomainError('INVALID_TRANSITION', `a ${payment.status} payment cannot become ${to}`);
  }
}

function startPayout({ data, metadata }: StartPayout, payment: ExistingPayment): PaymentEvent[] {
  if (isNegative(data.serviceFeePercent) || compare(data.serviceFeePercent, '100') > 0) {
    // Above 100 % the outcome would be negative: the merchant would owe money for being paid.
    throw new DomainError('INVALID_AMOUNT', 'service fee must be between 0 and 100 percent');
  }
  if (paidToMerchantWallet(payment.terms)) return finishWithoutPayout(payment, metadata.now);
  requireTransition(payment, 'sending');
  const fee = percentOf(payment.actuallyPaid, data.serviceFeePercent);
  const outcomeAmount = roundDown(subtract(payment.actuallyPaid, fee), payment.terms.payDecimals);
  return [
    {
      type: 'PayoutStarted',
      data: { outcomeAmount, outcomeCurrency: payment.terms.outcomeCurrency, at: metadata.now },
    },
  ];
}

function finishWithoutPayout(payment: ExistingPayment, now: string): PaymentEvent[] {
  requireTransition(payment, 'finished');
  const outcomeAmount = roundDown(payment.actuallyPaid, payment.terms.payDecimals);
  return [{ type: 'PaymentFinished', data: { payoutHash: null, outcomeAmount, at: now } }];
}

function completePayout({ data, metadata }: CompletePayout, payment: ExistingPayment): PaymentEvent[] {
  requireTransition(payment, 'finished');
  return [
    {
      type: 'PaymentFinished',
      data: { payoutHash: data.payoutHash, outcomeAmount: payment.outcomeAmount, at: metadata.now },
    },
  ];
}

function fail({ data, metadata }: FailPayment, payment: ExistingPayment): PaymentEvent[] {
  requireTransition(payment, 'failed');
  return [{ type: 'PaymentFailed', data: { reason: data.reason, at: metadata.now } }];
}

function refund({ data, metadata }: RefundPayment, payment: ExistingPayment): PaymentEvent[] {
  requireTransition(payment, 'refunded');
  return [{ type: 'PaymentRefunded', data: { refundHash: data.refundHash, at: metadata.now } }];
}

function expire({ metadata }: ExpirePayment, payment: ExistingPayment): PaymentEvent[] {
  // Expiry races with deposits; once anything arrived the payment is no longer "waiting" and stays as it is.
  if (payment.status !== 'waiting') return [];
  if (Date.parse(metadata.now) < Date.parse(payment.expiresAt)) {
    throw new DomainError('PAYMENT_NOT_EXPIRED_YET', `payment expires at ${payment.expiresAt}`);
  }
  return [{ type: 'PaymentExpired', data: { at: metadata.now } }];
}

function updateEstimate({ data, metadata }: UpdatePaymentEstimate, payment: ExistingPayment): PaymentEvent[] {
  if (payment.status !== 'waiting') {
    throw new DomainError(
      'PAYMENT_NOT_WAITING',
      `the estimate of a ${payment.status} payment cannot be updated`,
    );
  }
  if (!isPositive(data.payAmount))
    throw new DomainError('INVALID_AMOUNT', 'pay_amount must be a positive number');
  return [
    {
      type: 'PaymentEstimateUpdated',
      data: { payAmount: data.payAmount, expiresAt: data.expiresAt, at: metadata.now },
    },
  ];
}

export const paymentAggregate = defineAggregate<'payment', PaymentCommand, PaymentEvent, Payment>({
  name: 'payment',
  commandTypes: {
    CreatePayment: true,
    OpenRepeatedPayment: true,
    RecordDeposit: true,
    DropDeposit: true,
    StartPayout: true,
    CompletePayout: true,
    FailPayment: true,
    RefundPayment: true,
    RequestRefund: true,
    RecordRefundTransfer: true,
    ExpirePayment: true,
    UpdatePaymentEstimate: true,
  },
  eventTypes: PAYMENT_EVENT_TYPES,
  decide: decidePayment,
  evolve: evolvePayment,
  initialState: initialPayment,
});
