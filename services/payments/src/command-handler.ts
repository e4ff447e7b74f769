import { randomUUID } from 'node:crypto';
import { eventOf, type CommandMessage, type ReplyMessage } from '@gw/contracts';
import { DomainError, decideFromHistory, type AnyEvent } from '@gw/domain';
import { activeTraceparent, deepFreeze } from '@gw/platform';
import {
  ConcurrencyError,
  EventSchemaViolationError,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '@gw/store';
import type { ReadModelWriter } from '@gw/views';

const MAX_CONFLICT_RETRIES = 5;

/**
 * Loads the aggregate, runs the pure decider, appends with optimistic concurrency. A command that was
 * already applied (a redelivery after a crash, seen by its id in the stream's causation ids) is
 * answered from the stream instead of being applied again.
 *
 * Before it answers, the handler writes the stream's read-model document itself (read-your-writes):
 * whatever a reply acknowledges is readable by the time the reply leaves. It hands the writer the whole
 * stream, the history it read plus what it appended, so the document is folded from version 1 and
 * never misses an event the projector has not applied yet. The projector skips those versions later.
 *
 * An append the event store refuses for its schema (EventSchemaViolationError) is answered as a
 * refusal with code EVENT_SCHEMA_VIOLATION: the caller gets a 4xx naming the field, nothing is stored.
 *
 * A command is first decided as if its stream were new and appended at version 0, without reading
 * the stream: a create's stream almost never exists yet, and its read is what grows with the store on
 * engines without a usable index (FerretDB on SQLite reads every commit for it). The append refuses
 * when the stream exists, and only then is it read; a command the empty stream refuses (every command
 * but a create) goes straight to the read. Either way the outcome is the one reading first would give.
 */
export class CommandHandler {
  constructor(
    private readonly store: EventStore,
    private readonly readModels: Pick<ReadModelWriter, 'write' | 'record'>,
    /** Hears each append once, with the stream it extended (metrics). */
    private readonly onAppended: (history: StoredEvent[], appended: StoredEvent[]) => void = () => {},
    /**
     * Hears an append and document write begin (stream, the version they end at) and, through the
     * function it returns, end: whether the document was written (the outbox relay's readModelWriting).
     */
    private readonly onWriting: (streamId: string, version: number) => (written: boolean) => void = () =>
      () => {},
  ) {}

  async handle(message: CommandMessage): Promise<ReplyMessage> {
    const asNew = await this.tryAsNewStream(message);
    if (asNew) return asNew;
    const { commandId, streamId } = message;
    for (let attempt = 0; ; attempt++) {
      const history = await this.store.readStream(streamId);
      const version = history.length;
      const applied = history.filter((e) => e.metadata.causationId === commandId);
      if (applied.length > 0) {
        // A redelivery after a crash between the append and the reply: the document may not be written yet.
        await this.readModels.write(history);
        await this.readModels.record(history);
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
        events = decideFromHistory(
          message.command,
          history.map((event) => eventOf(event)),
        );
      } catch (error) {
        if (error instanceof DomainError) {
          return { ok: false, commandId, streamId, error: { code: error.code, message: error.message } };
        }
        throw error;
      }
      if (events.length === 0) return { ok: true, commandId, streamId, version, eventTypes: [] };
      try {
        return await this.appendAt(history, events, message);
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
      return await this.appendAt([], events, message);
    } catch (error) {
      if (error instanceof ConcurrencyError) return null;
      throw error;
    }
  }

  /** appendAndWrite, with `onWriting` told when it begins and ends. */
  private async appendAt(
    history: StoredEvent[],
    events: AnyEvent[],
    message: CommandMessage,
  ): Promise<ReplyMessage> {
    const ended = this.onWriting(message.streamId, history.length + events.length);
    let written = false;
    try {
      const reply = await this.appendAndWrite(history, events, message);
      written = reply.ok;
      return reply;
    } finally {
      ended(written);
    }
  }

  /**
   * Appends the decided events after `history`, writes the stream's document, and answers with the
   * version they end at.
   */
  private async appendAndWrite(
    history: StoredEvent[],
    events: AnyEvent[],
    message: CommandMessage,
  ): Promise<ReplyMessage> {
    const { commandId, streamId } = message;
    const version = history.length;
    let commit;
    try {
      // Frozen: the read-model writer and the metrics read the same events, and a frozen event's
      // schema check is done once for both (contracts' acceptedBy).
      commit = deepFreeze(
        await this.store.append(
          streamId,
          version,
          events.map((event) => this.toNewEvent(event, message)),
        ),
      );
    } catch (error) {
      // The decider let through a value the event contract refuses (a non-finite amount): nothing was
      // written, and the command is refused like any other, not retried into the dead-letter topic.
      if (error instanceof EventSchemaViolationError) {
        return { ok: false, commandId, streamId, error: { code: error.code, message: error.message } };
      }
      throw error;
    }
    await this.readModels.write([...history, ...commit.events]);
    await this.readModels.record(commit.events);
    this.onAppended(history, commit.events);
    return {
      ok: true,
      commandId,
      streamId,
      version: version + events.length,
      eventTypes: events.map((e) => e.type),
    };
  }

  private toNewEvent(event: AnyEvent, message: CommandMessage): NewEvent {
    const traceparent = activeTraceparent();
    return {
      eventId: randomUUID(),
      type: event.type,
      occurredAt: message.command.metadata.now,
      merchantId: message.merchantId,
      data: { ...event.data },
      metadata: {
        correlationId: message.command.metadata.correlationId,
        causationId: message.commandId,
        ...(traceparent ? { traceparent } : {}),
      },
    };
  }
}
