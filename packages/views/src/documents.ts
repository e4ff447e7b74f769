import type {
  AlphaTerms,
  BetaTerms,
  Family,
  MerchantCredentials,
  MerchantWallet,
  PaymentKind,
  PaymentStatus,
  RedirectUrls,
  SandboxCase,
  StaticAddressTerms,
  SubscriptionStatus,
} from '@gw/domain';
import type { ReadModelDocument } from '@gw/store';

/**
 * A payment as every family reads it. Amounts are exact decimal strings; each has a `…Value` number
 * twin used only to sort and range-filter in the store (money is never computed from those).
 */
export interface PaymentDocument extends ReadModelDocument {
  paymentId: number;
  uuid: string;
  trackId: string;
  merchantId: string;
  family: Family;
  /**
   * How the payment was asked for. Absent from documents projected before it was recorded: read it with
   * `paymentKindOf`, which gives those their family's kind.
   */
  kind?: PaymentKind;
  status: PaymentStatus;
  priceAmount: string;
  priceAmountValue: number;
  priceCurrency: string;
  payCurrency: string;
  payNetwork: string;
  payAmount: string;
  payAmountValue: number;
  payDecimals: number;
  actuallyPaid: string;
  actuallyPaidValue: number;
  outcomeAmount: string;
  outcomeAmountValue: number;
  outcomeCurrency: string;
  payAddress: string;
  payinExtraId: string | null;
  /** The merchant wallet key and receive index of payAddress; null for a sandbox address. */
  payWalletKeyId: string | null;
  payAddressIndex: number | null;
  /** Paid only on the sandbox's simulated chain. */
  testPayment: boolean;
  payinHash: string | null;
  payoutHash: string | null;
  fromAddress: string | null;
  /** Lowest confirmation count over the payment's deposits; 0 before any deposit. */
  confirmations: number;
  requiredConfirmations: number;
  orderId: string | null;
  orderDescription: string | null;
  purchaseId: number;
  invoiceId: string | null;
  callbackUrl: string | null;
  redirectUrls: RedirectUrls;
  underpaidTolerancePercent: string;
  isPaymentMultiple: boolean;
  isFixedRate: boolean;
  isFeePaidByUser: boolean;
  sandboxCase: SandboxCase | null;
  alpha: AlphaTerms | null;
  beta: BetaTerms | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  /**
   * While the payment is waiting, the UTC minute its expiry falls in (`2026-01-02T10:00`); null once it
   * is not waiting. The scheduler finds what falls due by this one equality (payment-expiry.ts), which
   * every engine serves from an index: FerretDB 1.24 pushes down equality but no range, and would decode
   * every waiting payment to answer `expiresAt <= now`. Absent from documents projected before it was
   * kept; the scheduler's periodic full sweep still finds those.
   */
  expiryMinute?: string | null;
  /**
   * The UTC minute the payment was created in, set once. A chain watcher learns of new payments of its
   * network by this one equality per minute (watched-payment-set.ts) between its full loads, rather than
   * reading every payment of the late-deposit window on every poll. Absent from documents projected
   * before it was kept; the watcher's full loads still find those.
   */
  createdMinute?: string | null;
  /** When the full amount was first seen (family B `pay_date`). */
  paidAt: string | null;
  /** The V1 payment whose late deposit opened this repeated payment; null for every other payment. */
  parentPaymentId: number | null;
  /** The static address whose deposit this payment is; null or absent for every other payment. */
  staticAddressId?: number | null;
  /** The transactions that counted towards the payment, in arrival order (family B `txs`). */
  deposits: DepositRecord[];
  /** Money that arrived after the payment stopped taking it, in arrival order; never in `actuallyPaid`. */
  lateDeposits: LateDepositRecord[];
  /**
   * Deposits whose transaction left the chain for good, in the order they were dropped; absent from
   * documents projected before drops were recorded.
   */
  droppedDeposits?: DroppedDepositRecord[];
  /**
   * Money mined on the pay address before the payment existed (older than the chain tip recorded when
   * the address was handed out), in arrival order; never in `actuallyPaid`. Absent from documents
   * projected before it was recorded.
   */
  priorDeposits?: PriorDepositRecord[];
  /**
   * The refund asked of the merchant (address and amount, refunds.ts in the domain) and, once done, its
   * transaction. Absent from documents projected before refunds were recorded and while none was asked.
   */
  refund?: RefundRecord | null;
  /**
   * True while a refund waits for the merchant's transaction (`refund.pendingSince` is set), false
   * otherwise. A chain watcher's poll finds the pending refunds of its network by this one equality
   * (FerretDB 1.24 pushes down no range). Absent from documents projected before it was kept; the
   * watcher's full loads still find those by `refund.pendingSince`.
   */
  refundPending?: boolean;
}

export interface RefundRecord {
  /** The buyer's address and the amount in the pay currency; null when the payment was marked refunded without a request. */
  address: string | null;
  amount: string | null;
  requestedAt: string | null;
  /** The refund transaction (the watcher's, or the one typed when marking it); null until refunded or when none was named. */
  refundHash: string | null;
  refundedAt: string | null;
  /** `requestedAt` while the refund waits for the merchant's transaction, null once refunded: what the watchers look up. */
  pendingSince: string | null;
}

export interface DepositRecord {
  txHash: string;
  /** The output (`vout`) or log (`logIndex`) of the transaction; null or absent where the chain names none. */
  outputIndex?: number | null;
  amount: string;
  fromAddress: string | null;
  confirmations: number;
  detectedAt: string;
}

export interface PriorDepositRecord extends DepositRecord {
  block: { height: number; hash: string };
}

export interface DroppedDepositRecord extends DepositRecord {
  droppedAt: string;
  /**
   * False when the drop took the money back out of `actuallyPaid`; true when the payment was already
   * settled (payout under way or final) and keeps counting it: the deposit stays in `deposits` as well.
   */
  stillCounted: boolean;
}

export interface LateDepositRecord extends DepositRecord {
  /** The status the payment had when the money arrived. */
  paymentStatus: PaymentStatus;
  /** The V1 repeated payment that carries the money, if one was opened. */
  repeatedPaymentId: number | null;
}

export interface InvoiceDocument extends ReadModelDocument {
  invoiceId: string;
  tokenId: string;
  merchantId: string;
  priceAmount: string;
  priceCurrency: string;
  payCurrency: string | null;
  orderId: string | null;
  orderDescription: string | null;
  ipnCallbackUrl: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  partiallyPaidUrl: string | null;
  customerEmail: string | null;
  payoutCurrency: string | null;
  isFixedRate: boolean;
  isFeePaidByUser: boolean;
  source: string | null;
  collectUserData: boolean;
  paymentIds: number[];
  createdAt: string;
  updatedAt: string;
}

export interface MerchantDocument extends ReadModelDocument, MerchantCredentials {
  merchantId: string;
  name: string;
  email: string | null;
  enabledCoins: string[] | null;
  outcomeCurrency: string | null;
  /** Watch-only wallets by network; absent on merchants projected before wallets existed. */
  wallets?: Record<string, MerchantWallet>;
  createdAt: string;
  updatedAt: string;
}

export interface PlanDocument extends ReadModelDocument {
  planId: number;
  merchantId: string;
  title: string;
  amount: string;
  currency: string;
  intervalDay: number;
  successUrl: string | null;
  cancelUrl: string | null;
  partiallyPaidUrl: string | null;
  ipnCallbackUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SubscriptionDocument extends ReadModelDocument {
  subscriptionId: number;
  planId: number;
  merchantId: string;
  subscriberEmail: string;
  status: SubscriptionStatus;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  expireDate: string;
}

/** How far one watch-only key has handed out receive addresses (id: `<merchantId>:<network>:<keyId>`). */
export interface WalletDocument extends ReadModelDocument {
  merchantId: string;
  network: string;
  keyId: string;
  /** Addresses handed out so far: the next payment gets index `nextIndex`. */
  nextIndex: number;
  /**
   * Addresses not handed out because the chain already showed history at them, in the order they were
   * skipped; absent from documents projected before skips were recorded.
   */
  skippedAddresses?: SkippedAddressRecord[];
  updatedAt: string;
}

export interface SkippedAddressRecord {
  index: number;
  address: string;
  /** A transaction the node showed at the address. */
  txHash: string | null;
  /** The payment that was given the next address instead. */
  paymentId: number;
  at: string;
}

/**
 * A static address with what it received: each credited deposit names the payment it opened; a
 * deposit after the address was revoked is in `refusedDeposits`, never in a payment.
 */
export interface StaticAddressDocument extends ReadModelDocument, StaticAddressTerms {
  status: 'open' | 'revoked';
  revokedAt: string | null;
  /** Whether any deposit was credited (family B's `have_tx` filter). */
  hasDeposits: boolean;
  deposits: StaticDepositRecord[];
  refusedDeposits: RefusedStaticDepositRecord[];
  updatedAt: string;
  /**
   * The UTC minute the address was opened in: a chain watcher learns of new static addresses by it
   * between its full loads, as of new payments. Absent from documents projected before it was kept.
   */
  createdMinute?: string | null;
}

export interface RefusedStaticDepositRecord {
  txHash: string;
  outputIndex: number | null;
  payCurrency: string;
  amount: string;
  detectedAt: string;
}

export interface StaticDepositRecord extends RefusedStaticDepositRecord {
  paymentId: number;
}

/** The UTC minute an instant falls in, as `expiryMinute` and `createdMinute` keep it; null for what is not a time. */
export function minuteOf(instant: string | number): string | null {
  const time = new Date(instant);
  return Number.isNaN(time.getTime()) ? null : time.toISOString().slice(0, 16);
}

const MINUTE_MS = 60_000;

/** The UTC minutes (as `minuteOf` gives them) from the one `from` falls in to the one `to` falls in, both included. */
export function minutesBetween(from: number, to: number): string[] {
  const minutes: string[] = [];
  for (let at = Math.floor(from / MINUTE_MS) * MINUTE_MS; at <= to; at += MINUTE_MS)
    minutes.push(minuteOf(at)!);
  return minutes;
}
