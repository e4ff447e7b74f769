import { streamIdOf } from '@gw/domain';
import type { Clock } from '@gw/platform';
import { CommandTimeoutError, type CommandClient } from '@gw/application';
import type { Filter, ReadModelStore } from '@gw/store';
import { COLLECTIONS, minutesBetween, type PaymentDocument } from '@gw/views';
import type { Logger } from 'pino';

export const EXPIRY_BATCH_SIZE = 500;

export interface ExpiryPass {
  /** Waiting payments past their expiry that the pass looked at. */
  due: number;
  /** Payments the pass actually expired (the others had received a deposit meanwhile, or were refused). */
  expired: number;
}

export const expireCommandId = (paymentId: number): string => `expire:${paymentId}`;

/** How often a pass looks at every waiting payment rather than only the minutes since the last pass. */
export const FULL_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Past this many minutes since the last pass (a lease taken over, a clock jump), one sweep is cheaper. */
export const MAX_MINUTES_PER_PASS = 60;
const MINUTE_MS = 60_000;

/**
 * Finds waiting payments whose lifetime is over and asks payments to expire them. The command id is
 * derived from the payment, so a payment re-listed before the read model catches up is expired once.
 *
 * A pass asks only for the minutes of expiry since the last complete pass, each by `expiryMinute`
 * alone: an equality every engine serves from an index, where `status: waiting, expiresAt <= now` is
 * a range that FerretDB 1.24 answers by decoding every waiting payment, every pass. A full sweep of
 * that range runs first and then every ten minutes, for what the minutes cannot show: documents
 * projected before `expiryMinute` was kept, and a payment projected after its minute was looked at.
 */
export class PaymentExpiry {
  /** Every waiting payment due by this instant was listed by a complete pass; null before the first sweep. */
  private sweptThrough: Date | null = null;
  private nextSweepAt = 0;

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly commands: CommandClient,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly batchSize = EXPIRY_BATCH_SIZE,
  ) {}

  async expireDue(): Promise<ExpiryPass> {
    const now = this.clock.now();
    const sweep = this.sweepDue(now);
    const listed = sweep
      ? [sweepFilter(now)]
      : this.minutesSince(now).map((minute) => minuteFilter(minute, now));
    let due = 0;
    let expired = 0;
    let complete = true;
    for (const filter of listed) {
      const payments = await this.readModels.collection<PaymentDocument>(COLLECTIONS.payments).find({
        filter,
        sort: [['expiresAt', 1]],
        limit: this.batchSize - due,
      });
      due += payments.length;
      for (const payment of payments) {
        const outcome = await this.expire(payment, now.toISOString());
        if (outcome === 'expired') expired++;
        // One timeout means payments is not answering; the rest would each wait out the timeout too.
        if (outcome === 'timed-out') return { due, expired };
      }
      // A full batch may have left payments behind: the next pass looks at the same minutes again.
      if (due >= this.batchSize) {
        complete = false;
        break;
      }
    }
    if (complete) {
      this.sweptThrough = now;
      if (sweep) this.nextSweepAt = now.getTime() + FULL_SWEEP_INTERVAL_MS;
    }
    return { due, expired };
  }

  private sweepDue(now: Date): boolean {
    if (this.sweptThrough === null || now.getTime() >= this.nextSweepAt) return true;
    return now.getTime() - this.sweptThrough.getTime() > MAX_MINUTES_PER_PASS * MINUTE_MS;
  }

  /** The minutes from the last complete pass's to now's, both included: the first may hold more due since. */
  private minutesSince(now: Date): string[] {
    return minutesBetween(this.sweptThrough!.getTime(), now.getTime());
  }

  private async expire(
    payment: PaymentDocument,
    now: string,
  ): Promise<'expired' | 'unchanged' | 'timed-out'> {
    try {
      const reply = await this.commands.send(
        streamIdOf('payment', payment.paymentId),
        payment.merchantId,
        { type: 'ExpirePayment', data: {}, metadata: { now } },
        expireCommandId(payment.paymentId),
      );
      if (!reply.ok) {
        this.logger.warn({ paymentId: payment.paymentId, error: reply.error }, 'payment expiry refused');
        return 'unchanged';
      }
      return reply.eventTypes.includes('PaymentExpired') ? 'expired' : 'unchanged';
    } catch (error) {
      if (error instanceof CommandTimeoutError) {
        // The next pass lists the payment again; the derived command id keeps the retry from doubling.
        this.logger.warn({ paymentId: payment.paymentId, err: error }, 'payment expiry timed out');
        return 'timed-out';
      }
      throw error;
    }
  }
}

const sweepFilter = (now: Date): Filter => ({ status: 'waiting', expiresAt: { $lte: now.toISOString() } });

const minuteFilter = (minute: string, now: Date): Filter => ({
  expiryMinute: minute,
  status: 'waiting',
  expiresAt: { $lte: now.toISOString() },
});
