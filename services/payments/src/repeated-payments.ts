import {
  eventOf,
  foldStream,
  type CommandMessage,
  type EventMessage,
  type ReplyMessage,
} from '@gw/contracts';
import {
  paymentAggregate,
  repeatedPaymentTerms,
  streamIdOf,
  type LateDepositConfirmationsUpdated,
  type LateDepositReceived,
} from '@gw/domain';
import type { EventStore } from '@gw/store';

/** What the process manager needs of the command handler. */
export interface CommandSink {
  handle(message: CommandMessage): Promise<ReplyMessage>;
}

/** The event types RepeatedPayments acts on: its consumer group skips the others undecoded (`accepts`). */
export const REPEATED_PAYMENT_EVENT_TYPES: readonly string[] = [
  'LateDepositReceived',
  'LateDepositConfirmationsUpdated',
];

/**
 * The process manager behind V1 repeated payments: a parent's LateDepositReceived opens the child
 * payment with the money on it, and each LateDepositConfirmationsUpdated is passed on to the child,
 * which then walks its own lifecycle (confirming, confirmed, payout, finished) and sends its own IPNs.
 * Command ids come from the parent event, so a redelivered event changes nothing.
 */
export class RepeatedPayments {
  constructor(
    private readonly handler: CommandSink,
    private readonly store: EventStore,
  ) {}

  /** The reply of the command the event caused, or null when the event opens no repeated payment. */
  async onEvent(event: EventMessage): Promise<ReplyMessage | null> {
    if (!REPEATED_PAYMENT_EVENT_TYPES.includes(event.type)) return null;
    const domainEvent = eventOf(event, paymentAggregate);
    if (domainEvent.type === 'LateDepositReceived') return this.open(event, domainEvent.data);
    if (domainEvent.type === 'LateDepositConfirmationsUpdated') return this.confirm(event, domainEvent.data);
    return null;
  }

  private async open(event: EventMessage, late: LateDepositReceived['data']): Promise<ReplyMessage | null> {
    if (!late.repeatedPayment) return null;
    const history = await this.store.readStream(event.streamId);
    const parent = foldStream(
      paymentAggregate,
      history.filter((stored) => stored.version <= event.version),
    );
    if (parent.status === 'none') throw new Error(`${event.streamId} has no payment to repeat`);
    return this.handler.handle(
      commandOf(event, streamIdOf('payment', late.repeatedPayment.paymentId), {
        type: 'OpenRepeatedPayment',
        data: {
          terms: repeatedPaymentTerms(parent.terms, late, late.repeatedPayment),
          deposit: {
            txHash: late.txHash,
            amount: late.amount,
            fromAddress: late.fromAddress,
            confirmations: late.confirmations,
          },
        },
        metadata: {
          now: late.detectedAt,
          correlationId: event.metadata.correlationId,
          causationId: event.eventId,
        },
      }),
    );
  }

  private async confirm(
    event: EventMessage,
    update: LateDepositConfirmationsUpdated['data'],
  ): Promise<ReplyMessage | null> {
    if (update.repeatedPaymentId === null) return null;
    return this.handler.handle(
      commandOf(event, streamIdOf('payment', update.repeatedPaymentId), {
        type: 'RecordDeposit',
        data: {
          txHash: update.txHash,
          amount: update.amount,
          fromAddress: null,
          confirmations: update.confirmations,
        },
        metadata: {
          now: update.updatedAt,
          correlationId: event.metadata.correlationId,
          causationId: event.eventId,
        },
      }),
    );
  }
}

function commandOf(
  event: EventMessage,
  streamId: string,
  command: CommandMessage['command'],
): CommandMessage {
  return {
    commandId: `repeated:${event.streamId}:${event.version}`,
    streamId,
    merchantId: event.merchantId,
    command,
  };
}
