import { randomUUID } from 'node:crypto';
import type { CommandMessage, ReplyMessage } from '@gw/contracts';
import { DomainError, decideFromHistory, type AnyEvent } from '@gw/domain';
import { ConcurrencyError, type EventStore, type NewEvent, type StoredEvent } from '@gw/store';

const MAX_CONFLICT_RETRIES = 5;

/**
 * Loads the aggregate, runs the pure decider, appends with optimistic concurrency. A command that was
 * already applied (a redelivery after a crash, seen by its id in the stream's causation ids) is
 * answered from the stream instead of being applied again.
 */
export class CommandHandler {
  constructor(private readonly store: EventStore) {}

  async handle(message: CommandMessage): Promise<ReplyMessage> {
    const { commandId, streamId } = message;
    for (let attempt = 0; ; attempt++) {
      const history = await this.store.readStream(streamId);
      const version = history.length;
      const applied = history.filter((e) => e.metadata.causationId === commandId);
      if (applied.length > 0) {
        return { ok: true, commandId, streamId, version: applied[applied.length - 1]!.version, eventTypes: applied.map((e) => e.type) };
      }
      let events: AnyEvent[];
      try {
        events = decideFromHistory(message.command, history.map(toDomainEvent));
      } catch (error) {
        if (error instanceof DomainError) {
          return { ok: false, commandId, streamId, error: { code: error.code, message: error.message } };
        }
        throw error;
      }
      if (events.length === 0) return { ok: true, commandId, streamId, version, eventTypes: [] };
      try {
        await this.store.append(streamId, version, events.map((event) => this.toNewEvent(event, message)));
        return { ok: true, commandId, streamId, version: version + events.length, eventTypes: events.map((e) => e.type) };
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < MAX_CONFLICT_RETRIES) continue;
        throw error;
      }
    }
  }

  private toNewEvent(event: AnyEvent, message: CommandMessage): NewEvent {
    return {
      eventId: randomUUID(),
      type: event.type,
      occurredAt: message.command.metadata.now,
      merchantId: message.merchantId,
      data: event.data as unknown as Record<string, unknown>,
      metadata: { correlationId: message.command.metadata.correlationId, causationId: message.commandId },
    };
  }
}

export const toDomainEvent = (event: StoredEvent): AnyEvent => ({ type: event.type, data: event.data }) as AnyEvent;
