import type { ReadModelStore } from '@gw/store';
import type { WatchedRecipient } from './chain-source';
import { KeptBetweenPolls } from './kept-between-polls';
import {
  byRequest,
  flaggedRefunds,
  watchedPayments,
  watchedPaymentsCreatedIn,
  watchedRefunds,
  type WatchedPayment,
  type WatchedRefund,
} from './watched-payments';

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
 * A watcher's payments, kept between its polls (kept-between-polls.ts): the late-deposit window read
 * whole every ten minutes, and in between the payments created in the last ten minutes. A poll so
 * reads the few newest payments, not every payment of the window (70,000 at 10,000 payments a day,
 * and on FerretDB every payment the network ever had).
 *
 * Pending refunds come and go at any time, so each poll asks for them all, by `refundPending: true`;
 * a full load asks by the `refund.pendingSince` range instead, which also finds the documents
 * projected before the flag was kept, and those are kept until the next full load.
 */
export class WatchedPaymentSet {
  private readonly payments: KeptBetweenPolls<number, WatchedPayment, WatchedPayment>;
  private unflaggedRefunds: WatchedRefund[] = [];

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly network: string,
    recipientOf: (payment: WatchedRecipient) => string | null,
  ) {
    this.payments = new KeptBetweenPolls({
      all: (now) => watchedPayments(readModels, network, now),
      createdIn: (minute) => watchedPaymentsCreatedIn(readModels, network, minute),
      keyOf: (payment) => payment.paymentId,
      receiversOf: (payment) => {
        const recipient = payment.kind === 'static_address' ? null : recipientOf(payment);
        return recipient === null ? [] : [[recipient, payment]];
      },
    });
  }

  async read(now: Date): Promise<WatchedPaymentsRead> {
    // The refunds first: once the payments' read returns, nothing may fail before their recipients are kept.
    const full = this.payments.fullLoadDue(now);
    const asked = full
      ? await watchedRefunds(this.readModels, this.network)
      : await flaggedRefunds(this.readModels, this.network);
    const read = await this.payments.read(now);
    let refunds = asked;
    if (read.full) {
      this.unflaggedRefunds = asked.filter((refund) => !refund.flagged);
    } else {
      const known = new Set(asked.map((refund) => refund.paymentId));
      refunds = [...asked, ...this.unflaggedRefunds.filter((refund) => !known.has(refund.paymentId))].sort(
        byRequest,
      );
    }
    const { all: byId, byRecipient, addedRecipients } = read;
    return { byId, byRecipient, addedRecipients, refunds, full: read.full };
  }
}
