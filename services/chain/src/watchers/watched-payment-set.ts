import type { ReadModelStore } from '@gw/store';
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
  payments: WatchedPayment[];
  refunds: WatchedRefund[];
  full: boolean;
}

/**
 * A watcher's payments, kept between its polls. A full load reads the payments of the late-deposit
 * window (first, then every ten minutes, and after the clock went back); each poll in between adds the
 * payments created in the last minutes, each minute by one equality on `createdMinute`. A poll so
 * reads the few newest payments, not every payment of the window (70,000 at 10,000 payments a day,
 * and on FerretDB every payment the network ever had). A payment's address and network are set at its
 * creation and never change, so what the set holds stays true; what left the window leaves at the
 * next full load.
 *
 * Pending refunds come and go at any time, so each poll asks for them all, by `refundPending: true`;
 * a full load asks by the `refund.pendingSince` range instead, which also finds the documents
 * projected before the flag was kept, and those are kept until the next full load.
 */
export class WatchedPaymentSet {
  private byId = new Map<number, WatchedPayment>();
  private unflaggedRefunds: WatchedRefund[] = [];
  private loadedAt: number | null = null;

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly network: string,
  ) {}

  async read(now: Date): Promise<WatchedPaymentsRead> {
    const at = now.getTime();
    if (this.loadedAt === null || at < this.loadedAt || at - this.loadedAt >= FULL_LOAD_INTERVAL_MS) {
      const payments = await watchedPayments(this.readModels, this.network, now);
      const refunds = await watchedRefunds(this.readModels, this.network);
      this.byId = new Map(payments.map((payment) => [payment.paymentId, payment]));
      this.unflaggedRefunds = refunds.filter((refund) => !refund.flagged);
      this.loadedAt = at;
      return { payments, refunds, full: true };
    }
    for (const minute of minutesBetween(at - NEW_PAYMENT_LOOKBACK_MS, at)) {
      for (const payment of await watchedPaymentsCreatedIn(this.readModels, this.network, minute)) {
        this.byId.set(payment.paymentId, payment);
      }
    }
    const flagged = await flaggedRefunds(this.readModels, this.network);
    const known = new Set(flagged.map((refund) => refund.paymentId));
    const refunds = [...flagged, ...this.unflaggedRefunds.filter((refund) => !known.has(refund.paymentId))];
    return { payments: [...this.byId.values()], refunds: refunds.sort(byRequest), full: false };
  }
}
