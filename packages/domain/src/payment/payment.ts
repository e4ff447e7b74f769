import type { Amount } from '../money';
import type { DomainEvent } from '../messages';
import { assertNever } from '../errors';
import {
  isSameDeposit,
  type Deposit,
  type DepositRef,
  type DroppedDeposit,
  type LateDeposit,
} from './deposit';
import type { ChainBlockRef, PriorDeposit } from './prior-deposits';
import type { RefundRequest } from './refunds';
import type { PaymentKind } from './payment-kind';
import type { PaymentStatus } from './statuses';

export type { Deposit, DepositRef, DroppedDeposit, LateDeposit, RepeatedPaymentIds } from './deposit';
export {
  depositIdOf,
  outputIndexOf,
  hasRequiredConfirmations,
  isSameDeposit,
  paidThreshold,
  takesDeposits,
  underpaymentIsFinal,
} from './deposit';

export type Family = 'v1' | 'alpha' | 'beta';
export type SandboxCase = 'success' | 'partially_paid' | 'fail';

/** Family A (Cryptomus-style) terms the neutral lifecycle does not need but responses echo. */
export interface AlphaTerms {
  network: string;
  discountPercent: number;
  discount: Amount;
  additionalData: string | null;
  subtractPercent: Amount;
  toCurrency: string | null;
  isRefresh: boolean;
}

/** Family B (OxaPay-style) invoice terms. */
export interface BetaTerms {
  lifetimeMinutes: number;
  feePaidByPayer: boolean;
  toCurrency: string | null;
  email: string | null;
  thanksMessage: string | null;
  description: string | null;
}

export interface RedirectUrls {
  success: string | null;
  cancel: string | null;
  partiallyPaid: string | null;
  return: string | null;
}

/** Everything fixed when the payment is created. */
export interface PaymentTerms {
  paymentId: number;
  uuid: string;
  trackId: string;
  merchantId: string;
  family: Family;
  /** How the payment was asked for; absent from payments created before it was recorded (paymentKindOf). */
  kind?: PaymentKind;
  priceAmount: Amount;
  priceCurrency: string;
  payCurrency: string;
  payNetwork: string;
  payAmount: Amount;
  /** Decimals of the pay currency, to which pay and outcome amounts are rounded. */
  payDecimals: number;
  payAddress: string;
  payinExtraId: string | null;
  /** The merchant wallet key and receive index payAddress was derived at; both null for a sandbox address. */
  payWalletKeyId: string | null;
  payAddressIndex: number | null;
  /**
   * The chain's tip when payAddress was handed out: money mined at or below it was there before the
   * payment and never counts (prior-deposits.ts). Null for a sandbox address; absent from payments
   * created before it was recorded.
   */
  payAddressChainTip?: ChainBlockRef | null;
  /** Paid only on the sandbox's simulated chain: never real money, and marked so wherever the merchant sees it. */
  testPayment: boolean;
  outcomeCurrency: string;
  orderId: string | null;
  orderDescription: string | null;
  purchaseId: number;
  invoiceId: string | null;
  callbackUrl: string | null;
  redirectUrls: RedirectUrls;
  /** Underpayment within this percent of pay_amount still counts as paid. */
  underpaidTolerancePercent: Amount;
  isPaymentMultiple: boolean;
  requiredConfirmations: number;
  isFixedRate: boolean;
  isFeePaidByUser: boolean;
  sandboxCase: SandboxCase | null;
  createdAt: string;
  expiresAt: string;
  alpha: AlphaTerms | null;
  beta: BetaTerms | null;
  /** Set on a V1 repeated payment: the payment whose address received its money after it was done. */
  parentPaymentId: number | null;
  /** Set on a deposit to a static address (kind `static_address`): that address's `staticAddressId`. */
  staticAddressId?: number | null;
}

// ---------------------------------------------------------------------------------------------
// Events

export type PaymentCreated = DomainEvent<'PaymentCreated', PaymentTerms>;
export type DepositDetected = DomainEvent<'DepositDetected', Deposit & { actuallyPaid: Amount }>;
export type DepositConfirmationsUpdated = DomainEvent<
  'DepositConfirmationsUpdated',
  { txHash: string; outputIndex?: number | null; confirmations: number; updatedAt: string }
>;
/** The block holding the deposit left the best chain (a reorganisation): its confirmations went down. */
export type DepositConfirmationsLost = DomainEvent<
  'DepositConfirmationsLost',
  { txHash: string; outputIndex?: number | null; confirmations: number; at: string }
>;
/**
 * The deposit's transaction left the chain for good while the payment still took money: its amount no
 * longer counts. `actuallyPaid` is what the remaining deposits add up to and `paymentStatus` the status
 * that leaves the payment in (waiting, partially_paid, expired, or the one it had).
 */
export type DepositDropped = DomainEvent<
  'DepositDropped',
  {
    txHash: string;
    outputIndex: number | null;
    amount: Amount;
    actuallyPaid: Amount;
    paymentStatus: PaymentStatus;
    at: string;
  }
>;
/**
 * The deposit's transaction left the chain for good after the payment stopped taking money (payout under
 * way or a final status): the outcome is not reversed, the loss is recorded for the merchant to see.
 */
export type SettledDepositDropped = DomainEvent<
  'SettledDepositDropped',
  { txHash: string; outputIndex: number | null; amount: Amount; paymentStatus: PaymentStatus; at: string }
>;
export type PaymentUnderpaid = DomainEvent<
  'PaymentUnderpaid',
  { actuallyPaid: Amount; missingAmount: Amount; at: string }
>;
export type PaymentConfirming = DomainEvent<'PaymentConfirming', { actuallyPaid: Amount; at: string }>;
export type PaymentConfirmed = DomainEvent<'PaymentConfirmed', { actuallyPaid: Amount; at: string }>;
export type PayoutStarted = DomainEvent<
  'PayoutStarted',
  { outcomeAmount: Amount; outcomeCurrency: string; at: string }
>;
/** `payoutHash` is null when nothing was paid out: the deposits went straight to the merchant's wallet. */
export type PaymentFinished = DomainEvent<
  'PaymentFinished',
  { payoutHash: string | null; outcomeAmount: Amount; at: string }
>;
export type PaymentFailed = DomainEvent<'PaymentFailed', { reason: string; at: string }>;
/**
 * The merchant was asked to send `amount` (pay currency) back to the buyer at `address`: the payment's
 * V1 status stays (V1 has no status for it), families A and B show the refund pending.
 */
export type PaymentRefundRequested = DomainEvent<
  'PaymentRefundRequested',
  { address: string; amount: Amount; at: string }
>;
/** `refundHash`: the refund transaction, seen by the watcher or typed by whoever marked it; null when none was named. */
export type PaymentRefunded = DomainEvent<'PaymentRefunded', { refundHash: string | null; at: string }>;
export type PaymentExpired = DomainEvent<'PaymentExpired', { at: string }>;
export type PaymentOverpaid = DomainEvent<
  'PaymentOverpaid',
  { actuallyPaid: Amount; overpaidAmount: Amount; at: string }
>;
export type LateDepositReceived = DomainEvent<'LateDepositReceived', LateDeposit>;
/** Money mined on the pay address before the payment existed: recorded apart, never part of `actuallyPaid`. */
export type PriorDepositReceived = DomainEvent<'PriorDepositReceived', PriorDeposit>;
export type LateDepositConfirmationsUpdated = DomainEvent<
  'LateDepositConfirmationsUpdated',
  {
    txHash: string;
    outputIndex?: number | null;
    amount: Amount;
    confirmations: number;
    repeatedPaymentId: number | null;
    updatedAt: string;
  }
>;
export type PaymentEstimateUpdated = DomainEvent<
  'PaymentEstimateUpdated',
  { payAmount: Amount; expiresAt: string; at: string }
>;

export type PaymentEvent =
  | PaymentCreated
  | DepositDetected
  | DepositConfirmationsUpdated
  | DepositConfirmationsLost
  | DepositDropped
  | SettledDepositDropped
  | PaymentUnderpaid
  | PaymentConfirming
  | PaymentConfirmed
  | PayoutStarted
  | PaymentFinished
  | PaymentFailed
  | PaymentRefundRequested
  | PaymentRefunded
  | PaymentExpired
  | PaymentOverpaid
  | LateDepositReceived
  | LateDepositConfirmationsUpdated
  | PriorDepositReceived
  | PaymentEstimateUpdated;

export type PaymentEventType = PaymentEvent['type'];

/** Every PaymentEvent type, as the aggregate module and the typed boundary know them at run time. */
export const PAYMENT_EVENT_TYPES = {
  PaymentCreated: true,
  DepositDetected: true,
  DepositConfirmationsUpdated: true,
  DepositConfirmationsLost: true,
  DepositDropped: true,
  SettledDepositDropped: true,
  PaymentUnderpaid: true,
  PaymentConfirming: true,
  PaymentConfirmed: true,
  PayoutStarted: true,
  PaymentFinished: true,
  PaymentFailed: true,
  PaymentRefundRequested: true,
  PaymentRefunded: true,
  PaymentExpired: true,
  PaymentOverpaid: true,
  LateDepositReceived: true,
  LateDepositConfirmationsUpdated: true,
  PriorDepositReceived: true,
  PaymentEstimateUpdated: true,
} as const satisfies { [Type in PaymentEvent['type']]: true };

/** The status an event moves the payment to, or null when it changes no status. */
export function statusAfter(event: PaymentEvent): PaymentStatus | null {
  switch (event.type) {
    case 'PaymentCreated':
      return 'waiting';
    case 'PaymentUnderpaid':
      return 'partially_paid';
    case 'PaymentConfirming':
      return 'confirming';
    case 'PaymentConfirmed':
      return 'confirmed';
    case 'PayoutStarted':
      return 'sending';
    case 'PaymentFinished':
      return 'finished';
    case 'PaymentFailed':
      return 'failed';
    case 'PaymentRefunded':
      return 'refunded';
    case 'PaymentExpired':
      return 'expired';
    case 'DepositDropped':
      return event.data.paymentStatus;
    case 'DepositDetected':
    case 'PaymentRefundRequested':
    case 'SettledDepositDropped':
    case 'DepositConfirmationsUpdated':
    case 'DepositConfirmationsLost':
    case 'PaymentOverpaid':
    case 'LateDepositReceived':
    case 'LateDepositConfirmationsUpdated':
    case 'PriorDepositReceived':
    case 'PaymentEstimateUpdated':
      return null;
    default:
      return assertNever(event);
  }
}

// ---------------------------------------------------------------------------------------------
// State

export interface NoPayment {
  status: 'none';
}

export interface ExistingPayment {
  status: PaymentStatus;
  terms: PaymentTerms;
  payAmount: Amount;
  expiresAt: string;
  actuallyPaid: Amount;
  deposits: Deposit[];
  /** Money that arrived after the payment stopped taking it; never part of `actuallyPaid`. */
  lateDeposits: LateDeposit[];
  /** Deposits whose transaction left the chain before the payment was settled; never part of `actuallyPaid`. */
  droppedDeposits: DroppedDeposit[];
  /** Money that was on the address before the payment existed; never part of `actuallyPaid`. */
  priorDeposits: PriorDeposit[];
  outcomeAmount: Amount;
  payoutHash: string | null;
  updatedAt: string;
  /** When the chain was last seen for a deposit: an older observation arriving late is stale. */
  depositsObservedAt: string | null;
  /** The refund last requested; it stays after the payment is refunded. */
  refundRequest: RefundRequest | null;
}

export type Payment = NoPayment | ExistingPayment;

export const initialPayment = (): Payment => ({ status: 'none' });

export function evolvePayment(state: Payment, event: PaymentEvent): Payment {
  if (event.type === 'PaymentCreated') {
    if (state.status !== 'none') return state;
    // Streams written before repeated payments existed have no parentPaymentId.
    const terms = { ...event.data, parentPaymentId: event.data.parentPaymentId ?? null };
    return {
      status: 'waiting',
      terms,
      payAmount: terms.payAmount,
      expiresAt: terms.expiresAt,
      actuallyPaid: '0',
      deposits: [],
      lateDeposits: [],
      droppedDeposits: [],
      priorDeposits: [],
      outcomeAmount: '0',
      payoutHash: null,
      updatedAt: terms.createdAt,
      depositsObservedAt: null,
      refundRequest: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'DepositDetected': {
      const { actuallyPaid, ...deposit } = event.data;
      return {
        ...state,
        deposits: [...state.deposits, deposit],
        // A dropped transaction mined after all is counted again, as this new deposit.
        droppedDeposits: state.droppedDeposits.filter((d) => !isSameDeposit(d, deposit)),
        actuallyPaid,
        updatedAt: deposit.detectedAt,
        depositsObservedAt: deposit.detectedAt,
      };
    }
    case 'DepositConfirmationsUpdated':
      return withConfirmations(state, event.data, event.data.confirmations, event.data.updatedAt);
    case 'DepositConfirmationsLost':
      return withConfirmations(state, event.data, event.data.confirmations, event.data.at);
    case 'DepositDropped': {
      const dropped = state.deposits.find((d) => isSameDeposit(d, event.data));
      if (!dropped) return state;
      return {
        ...state,
        status: event.data.paymentStatus,
        deposits: state.deposits.filter((d) => d !== dropped),
        droppedDeposits: [
          ...state.droppedDeposits,
          { ...dropped, confirmations: 0, droppedAt: event.data.at },
        ],
        actuallyPaid: event.data.actuallyPaid,
        updatedAt: event.data.at,
        depositsObservedAt: event.data.at,
      };
    }
    case 'SettledDepositDropped':
      return withConfirmations(state, event.data, 0, event.data.at);
    case 'PaymentUnderpaid':
      return { ...state, status: 'partially_paid', updatedAt: event.data.at };
    case 'PaymentConfirming':
      return { ...state, status: 'confirming', updatedAt: event.data.at };
    case 'PaymentConfirmed':
      return { ...state, status: 'confirmed', updatedAt: event.data.at };
    case 'PayoutStarted':
      return {
        ...state,
        status: 'sending',
        outcomeAmount: event.data.outcomeAmount,
        updatedAt: event.data.at,
      };
    case 'PaymentFinished':
      return {
        ...state,
        status: 'finished',
        payoutHash: event.data.payoutHash,
        outcomeAmount: event.data.outcomeAmount,
        updatedAt: event.data.at,
      };
    case 'PaymentFailed':
      return { ...state, status: 'failed', updatedAt: event.data.at };
    case 'PaymentRefundRequested': {
      const { address, amount, at } = event.data;
      return { ...state, refundRequest: { address, amount, requestedAt: at }, updatedAt: at };
    }
    case 'PaymentRefunded':
      return { ...state, status: 'refunded', updatedAt: event.data.at };
    case 'PaymentExpired':
      return { ...state, status: 'expired', updatedAt: event.data.at };
    case 'PaymentOverpaid':
      return { ...state, updatedAt: event.data.at };
    case 'LateDepositReceived':
      return {
        ...state,
        lateDeposits: [...state.lateDeposits, event.data],
        updatedAt: event.data.detectedAt,
        depositsObservedAt: event.data.detectedAt,
      };
    case 'LateDepositConfirmationsUpdated':
      return {
        ...state,
        lateDeposits: state.lateDeposits.map((d) =>
          isSameDeposit(d, event.data) ? { ...d, confirmations: event.data.confirmations } : d,
        ),
        updatedAt: event.data.updatedAt,
        depositsObservedAt: event.data.updatedAt,
      };
    case 'PriorDepositReceived':
      return { ...state, priorDeposits: [...state.priorDeposits, event.data] };
    case 'PaymentEstimateUpdated':
      return {
        ...state,
        payAmount: event.data.payAmount,
        expiresAt: event.data.expiresAt,
        updatedAt: event.data.at,
      };
    default:
      return assertNever(event);
  }
}

function withConfirmations(
  state: ExistingPayment,
  deposit: DepositRef,
  confirmations: number,
  at: string,
): ExistingPayment {
  return {
    ...state,
    deposits: state.deposits.map((d) => (isSameDeposit(d, deposit) ? { ...d, confirmations } : d)),
    updatedAt: at,
    depositsObservedAt: at,
  };
}
