import type { Clock } from '@gw/platform';
import type { EventStore } from '@gw/store';
import type { Logger } from 'pino';
import type { Delivery } from '../delivery/delivery';
import type { DeliveryLog } from '../log/delivery-log';
import type { StatusIntake } from './status-intake';

/** Streams handled at once; one stream's events are always handled one after another, in version order. */
const CATCH_UP_CONCURRENCY = 32;

export interface CatchUpResult {
  /** Events past the checkpoint that were looked at. */
  scanned: number;
  since: string;
}

export interface CatchUpDeps {
  /** The event log, read past the checkpoint by position. */
  eventLog: Pick<EventStore, 'readAll'>;
  log: DeliveryLog;
  intake: StatusIntake;
  clock: Clock;
  logger: Logger;
  /** Each delivery found or created, in version order per payment. */
  onDelivery(delivery: Delivery): void;
}

/**
 * Runs at start, before the bus subscription: turns every status change the notifier may have missed
 * (the embedded bus keeps nothing across a restart) into deliveries. It reads the event store past
 * the checkpoint and moves the checkpoint to the end, or to the first event it could not handle so the
 * next start tries that one again. On the very first start there is no checkpoint: history predates
 * the notifier and only the checkpoint is written.
 */
export async function catchUp(deps: CatchUpDeps): Promise<CatchUpResult> {
  const checkpoint = await deps.log.checkpoint();
  const since = checkpoint?.since ?? deps.clock.now().toISOString();
  deps.intake.since = since;
  let position = 0;
  let firstFailure: number | null = null;
  const streams = new Map<string, Promise<void>>();
  for await (const event of deps.eventLog.readAll()) {
    if (checkpoint && position >= checkpoint.position) {
      const at = position;
      const previous = streams.get(event.streamId) ?? Promise.resolve();
      const work: Promise<void> = previous
        .then(() => deps.intake.onEvent(event))
        .then((delivery) => {
          if (delivery) deps.onDelivery(delivery);
        })
        .catch((error: unknown) => {
          firstFailure = firstFailure === null ? at : Math.min(firstFailure, at);
          deps.logger.error(
            { err: error, streamId: event.streamId, version: event.version },
            'catch-up could not schedule a webhook',
          );
        })
        .finally(() => {
          if (streams.get(event.streamId) === work) streams.delete(event.streamId);
        });
      streams.set(event.streamId, work);
      if (streams.size >= CATCH_UP_CONCURRENCY) await Promise.race(streams.values());
    }
    position++;
  }
  await Promise.all(streams.values());
  await deps.log.saveCheckpoint({ position: firstFailure ?? position, since });
  return { scanned: checkpoint ? position - checkpoint.position : 0, since };
}
