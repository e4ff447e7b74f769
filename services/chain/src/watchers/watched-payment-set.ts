import type { ReadModelStore } from '@gw/store';
import { minutesBetween } from '@gw/views';
import { watchedPayments, watchedPaymentsCreatedIn, type WatchedPayment } from './watched-payments';

/** How often a watcher reads every payment of its late-deposit window again. */
export const FULL_LOAD_INTERVAL_MS = 10 * 60_000;
/**
 * How far back a poll between full loads looks for new payments, by their minute of creation: a
 * payment whose document the projector writes up to this long after its creation is still watched
 * from the next poll on, as when every poll read the whole window. A later one waits for a full load.
 */
export const NEW_PAYMENT_LOOKBACK_MS = 10 * 60_000;

/** The payments a poll watches, and whether they were read whole (a full load) or only topped up. */
export interface WatchedPaymentsRead {
  payments: WatchedPayment[];
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
 */
export class WatchedPaymentSet {
  private byId = new Map<number, WatchedPayment>();
  private loadedAt: number | null = null;

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly network: string,
  ) {}

  async read(now: Date): Promise<WatchedPaymentsRead> {
    const at = now.getTime();
    if (this.loadedAt === null || at < this.loadedAt || at - this.loadedAt >= FULL_LOAD_INTERVAL_MS) {
      const payments = await watchedPayments(this.readModels, this.network, now);
      this.byId = new Map(payments.map((payment) => [payment.paymentId, payment]));
      this.loadedAt = at;
      return { payments, full: true };
    }
    for (const minute of minutesBetween(at - NEW_PAYMENT_LOOKBACK_MS, at)) {
      for (const payment of await watchedPaymentsCreatedIn(this.readModels, this.network, minute)) {
        this.byId.set(payment.paymentId, payment);
      }
    }
    return { payments: [...this.byId.values()], full: false };
  }
}
