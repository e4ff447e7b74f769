import { streamIdOf } from '@gw/domain';
import type { Clock } from '@gw/platform';
import { CommandTimeoutError, type CommandClient } from '@gw/application';
import type { ReadModelStore } from '@gw/store';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import type { Logger } from 'pino';

export const EXPIRY_BATCH_SIZE = 500;

export interface ExpiryPass {
  /** Waiting payments past their expiry that the pass looked at. */
  due: number;
  /** Payments the pass actually expired (the others had received a deposit meanwhile, or were refused). */
  expired: number;
}

export const expireCommandId = (paymentId: number): string => `expire:${paymentId}`;

/**
 * Finds waiting payments whose lifetime is over and asks payments to expire them. The command id is
 * derived from the payment, so a payment re-listed before the read model catches up is expired once.
 */
export class PaymentExpiry {
  constructor(
    private readonly readModels: ReadModelStore,
    private readonly commands: CommandClient,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly batchSize = EXPIRY_BATCH_SIZE,
  ) {}

  async expireDue(): Promise<ExpiryPass> {
    const now = this.clock.now().toISOString();
    const due = await this.readModels.collection<PaymentDocument>(COLLECTIONS.payments).find({
      filter: { status: 'waiting', expiresAt: { $lte: now } },
      sort: [['expiresAt', 1]],
      limit: this.batchSize,
    });
    let expired = 0;
    for (const payment of due) {
      const outcome = await this.expire(payment, now);
      if (outcome === 'expired') expired++;
      // One timeout means payments is not answering; the rest would each wait out the timeout too.
      if (outcome === 'timed-out') break;
    }
    return { due: due.length, expired };
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
