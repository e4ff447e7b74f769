import type { Clock } from '@gw/platform';
import type { StreamEventDocument, StreamHistory } from '@gw/views';
import type { Logger } from 'pino';
import type { Delivery } from '../delivery/delivery';
import type { DeliveryLog, NotifierCheckpoint } from '../log/delivery-log';
import type { StatusIntake } from './status-intake';

/** Streams handled at once; one stream's events are always handled one after another, in version order. */
const CATCH_UP_CONCURRENCY = 32;

/**
 * How far before its checkpoint the catch-up reads again. The checkpoint is an instant of the clock the
 * events' `occurredAt` come from: in embedded mode, where the catch-up runs, one process stamps every
 * event and records it in the history, so there is no skew between writers to cover. What the window
 * covers is an event stamped before the previous start's catch-up took its instant but recorded in the
 * history only after its query read (a command in flight at that start), and a clock stepped back a
 * little between runs (NTP). Both are seconds; five minutes is far beyond them, and re-examining an
 * event is harmless: its delivery id (payment id + version) is found in the delivery log, nothing is
 * scheduled twice. The cost is the events of five minutes before the previous start, read once per start.
 */
export const CATCH_UP_WINDOW_MS = 5 * 60_000;

export interface CatchUpResult {
  /** History documents the catch-up read (every one at or after its checkpoint less the window). */
  examined: number;
  since: string;
  caughtUpTo: string;
}

export interface CatchUpDeps {
  /** The history read model, read from the checkpoint on through its `occurredAt` index. */
  history: Pick<StreamHistory, 'occurredSince'>;
  log: DeliveryLog;
  intake: StatusIntake;
  clock: Clock;
  logger: Logger;
  /** Each delivery found or created, in version order per payment. */
  onDelivery(delivery: Delivery): void;
}

/**
 * The notifier's checkpoint, written at its very first start: history predates the notifier, so status
 * changes before that instant are never delivered (`StatusIntake.since`).
 */
export async function startingCheckpoint(
  log: DeliveryLog,
  clock: Clock,
): Promise<{ checkpoint: NotifierCheckpoint; first: boolean }> {
  const stored = await log.checkpoint();
  if (stored) return { checkpoint: stored, first: false };
  const now = clock.now().toISOString();
  const checkpoint = { since: now, caughtUpTo: now };
  await log.saveCheckpoint(checkpoint);
  return { checkpoint, first: true };
}

/**
 * Runs at start in embedded mode, before the bus subscription: turns every status change the notifier
 * may have missed (the embedded bus keeps nothing across a restart) into deliveries. It reads the
 * history read model's events that occurred at or after the checkpoint less {@link CATCH_UP_WINDOW_MS},
 * handles each stream's events in version order, and moves the checkpoint to the instant it started at,
 * or back to the earliest event it could not handle so the next start tries that one again. Whatever
 * this process appends from then on reaches the notifier on the bus (the embedded bus hands a new
 * subscriber every message since the process started) or, if the process dies first, is read by the next
 * start: the embedded start rebuilds the history from the event store before the services start.
 */
export async function catchUp(deps: CatchUpDeps): Promise<CatchUpResult> {
  const startedAt = deps.clock.now().toISOString();
  const { checkpoint, first } = await startingCheckpoint(deps.log, deps.clock);
  const { since } = checkpoint;
  deps.intake.since = since;
  if (first) return { examined: 0, since, caughtUpTo: checkpoint.caughtUpTo };

  const from = new Date(Date.parse(checkpoint.caughtUpTo) - CATCH_UP_WINDOW_MS).toISOString();
  const events = await deps.history.occurredSince(from);
  let firstFailure: string | null = null;
  const handleStream = async (stream: StreamEventDocument[]): Promise<void> => {
    for (const event of stream) {
      try {
        const delivery = await deps.intake.onEvent(event);
        if (delivery) deps.onDelivery(delivery);
      } catch (error: unknown) {
        if (firstFailure === null || event.occurredAt < firstFailure) firstFailure = event.occurredAt;
        deps.logger.error(
          { err: error, streamId: event.streamId, version: event.version },
          'catch-up could not schedule a webhook',
        );
      }
    }
  };
  const running = new Set<Promise<void>>();
  for (const stream of byStream(events)) {
    const work: Promise<void> = handleStream(stream).finally(() => running.delete(work));
    running.add(work);
    if (running.size >= CATCH_UP_CONCURRENCY) await Promise.race(running);
  }
  await Promise.all(running);

  const caughtUpTo = firstFailure ?? startedAt;
  await deps.log.saveCheckpoint({ since, caughtUpTo });
  return { examined: events.length, since, caughtUpTo };
}

/**
 * The events grouped by stream, each stream in version order, streams in the order their first event
 * occurred. Version order is not taken from the time order: a clock stepped back would interleave them.
 */
function byStream(events: StreamEventDocument[]): StreamEventDocument[][] {
  const streams = new Map<string, StreamEventDocument[]>();
  for (const event of events) {
    const stream = streams.get(event.streamId);
    if (stream) stream.push(event);
    else streams.set(event.streamId, [event]);
  }
  return [...streams.values()].map((stream) => stream.sort((a, b) => a.version - b.version));
}
