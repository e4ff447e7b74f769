import type { ReadModelStore } from '@gw/store';
import type { WatchedRecipient } from './chain-source';
import { minutesBetween } from '@gw/views';
import {
  byRequest,
  flaggedRefunds,
  watchedPayments,
  watchedPaymentsCreatedIn,
  watchedRefunds,
  type WatchedPayment,
  type WatchedRefund,
} from './watched-payments';

/** How often a watcher reads every payment of its late-deposit window again. */
export const FULL_LOAD_INTERVAL_MS = 10 * 60_000;
/**
 * How far back a poll between full loads looks for new payments, by their minute of creation: a
 * payment whose document the projector writes up to this long after its creation is still watched
 * from the next poll on, as when every poll read the whole window. A later one waits for a full load.
 */
export const NEW_PAYMENT_LOOKBACK_MS = 10 * 60_000;

/** The payments and pending refunds a poll watches, and whether they were read whole (a full load). */
export interface WatchedPaymentsRead {
  /** Every watched payment, by id. */
  byId: ReadonlyMap<number, WatchedPayment>;
  /**
   * The payments that receive at their own pay address, by recipient (the chain source's name for the
   * address and coin). A static address's payments are left out: what arrives there is the address's.
   */
  byRecipient: ReadonlyMap<string, WatchedPayment>;
  /** The recipients this read added: every one at a full load. */
  addedRecipients: string[];
  refunds: WatchedRefund[];
  full: boolean;
}

/**
 * A watcher's payments, kept between its polls. A full load reads the payments of the late-deposit
 * window (first, then every ten minutes, and after the clock went back); each poll in between adds the
 * payments created in the last minutes, each minute by one equality on `createdMinute`. A poll so
 * reads the few newest payments, not every payment of the window (70,000 at 10,000 payments a day,
 * and on FerretDB every payment the network ever had). A payment's address and network are set at its
 * creation and never change, so what the set holds stays true, and its recipient is worked out once
 * (decoding an address is not free); what left the window leaves at the next full load.
 *
 * Pending refunds come and go at any time, so each poll asks for them all, by `refundPending: true`;
 * a full load asks by the `refund.pendingSince` range instead, which also finds the documents
 * projected before the flag was kept, and those are kept until the next full load.
 */
export class WatchedPaymentSet {
  private byId = new Map<number, WatchedPayment>();
  private byRecipient = new Map<string, WatchedPayment>();
  private unflaggedRefunds: WatchedRefund[] = [];
  private loadedAt: number | null = null;

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly network: string,
    private readonly recipientOf: (payment: WatchedRecipient) => string | null,
  ) {}

  async read(now: Date): Promise<WatchedPaymentsRead> {
    const at = now.getTime();
    if (this.loadedAt === null || at < this.loadedAt || at - this.loadedAt >= FULL_LOAD_INTERVAL_MS) {
      const payments = await watchedPayments(this.readModels, this.network, now);
      const refunds = await watchedRefunds(this.readModels, this.network);
      this.byId = new Map();
      this.byRecipient = new Map();
      const addedRecipients = payments.flatMap((payment) => this.add(payment));
      this.unflaggedRefunds = refunds.filter((refund) => !refund.flagged);
      this.loadedAt = at;
      return this.answer(addedRecipients, refunds, true);
    }
    // Everything is read before anything is kept: a read that fails part way adds nothing.
    const created: WatchedPayment[] = [];
    for (const minute of minutesBetween(at - NEW_PAYMENT_LOOKBACK_MS, at)) {
      created.push(...(await watchedPaymentsCreatedIn(this.readModels, this.network, minute)));
    }
    const flagged = await flaggedRefunds(this.readModels, this.network);
    const addedRecipients = created
      .filter((payment) => !this.byId.has(payment.paymentId))
      .flatMap((payment) => this.add(payment));
    const known = new Set(flagged.map((refund) => refund.paymentId));
    const refunds = [...flagged, ...this.unflaggedRefunds.filter((refund) => !known.has(refund.paymentId))];
    return this.answer(addedRecipients, refunds.sort(byRequest), false);
  }

  /** Keeps the payment; the recipient it receives as, when it receives at its own address. */
  private add(payment: WatchedPayment): string[] {
    this.byId.set(payment.paymentId, payment);
    if (payment.kind === 'static_address') return [];
    const recipient = this.recipientOf(payment);
    if (recipient === null) return [];
    this.byRecipient.set(recipient, payment);
    return [recipient];
  }

  private answer(addedRecipients: string[], refunds: WatchedRefund[], full: boolean): WatchedPaymentsRead {
    return { byId: this.byId, byRecipient: this.byRecipient, addedRecipients, refunds, full };
  }
}
