import { randomUUID } from 'node:crypto';
import type { CommandMessage, ReplyMessage } from '@gw/contracts';
import { DomainError, decideFromHistory, type AnyEvent } from '@gw/domain';
import { ConcurrencyError, type EventStore, type NewEvent, type StoredEvent } from '@gw/store';

const MAX_CONFLICT_RETRIES = 5;

/**
 * Loads the aggregate, runs the pure decider, appends with optimistic concurrency. A command that was
 * already applied (a redelivery after a crash, seen by its id in the stream's causation ids) is
 * answered from the stream instead of being applied again.
 *
 * A command is first decided as if its stream were new and appended at version 0, without reading
 * the stream: a create's stream almost never exists yet, and its read is what grows with the store on
 * engines without a usable index (FerretDB on SQLite reads every commit for it). The append refuses
 * when the stream exists, and only then is it read; a command the empty stream refuses (every command
 * but a create) goes straight to the read. Either way the outcome is the one reading first would give.
 */
export class CommandHandler {
  constructor(private readonly store: EventStore) {}

  async handle(message: CommandMessage): Promise<ReplyMessage> {
    const asNew = await this.tryAsNewStream(message);
    if (asNew) return asNew;
    const { commandId, streamId } = message;
    for (let attempt = 0; ; attempt++) {
      const history = await this.store.readStream(streamId);
      const version = history.length;
      const applied = history.filter((e) => e.metadata.causationId === commandId);
      if (applied.length > 0) {
        return {
          ok: true,
          commandId,
          streamId,
          version: applied[applied.length - 1]!.version,
          eventTypes: applied.map((e) => e.type),
        };
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
        return await this.appendAt(version, events, message);
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < MAX_CONFLICT_RETRIES) continue;
        throw error;
      }
    }
  }

  /** The reply when the command applies to an empty stream and its stream was indeed empty; else null. */
  private async tryAsNewStream(message: CommandMessage): Promise<ReplyMessage | null> {
    let events: AnyEvent[];
    try {
      events = decideFromHistory(message.command, []);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
    if (events.length === 0) return null;
    try {
      return await this.appendAt(0, events, message);
    } catch (error) {
      if (error instanceof ConcurrencyError) return null;
      throw error;
    }
  }

  /** Appends the decided events after `version` and answers with the version they end at. */
  private async appendAt(
    version: number,
    events: AnyEvent[],
    message: CommandMessage,
  ): Promise<ReplyMessage> {
    const { commandId, streamId } = message;
    await this.store.append(
      streamId,
      version,
      events.map((event) => this.toNewEvent(event, message)),
    );
    return {
      ok: true,
      commandId,
      streamId,
      version: version + events.length,
      eventTypes: events.map((e) => e.type),
    };
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

export const toDomainEvent = (event: StoredEvent): AnyEvent =>
  ({ type: event.type, data: event.data }) as AnyEvent;
