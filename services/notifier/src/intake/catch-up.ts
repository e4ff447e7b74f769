import type { Clock } from '@gw/platform';
import type { EventStore } from '@gw/store';
import type { Logger } from 'pino';
import type { DeliveryLog } from '../log/delivery-log';
import type { StatusIntake } from './status-intake';

export interface CatchUpResult {
  /** Events past the checkpoint that were looked at. */
  scanned: number;
  since: string;
}

/**
 * Runs at start, before the bus subscription: turns every status change the notifier may have missed
 * (the embedded bus keeps nothing across a restart) into deliveries. It reads the event store past
 * the checkpoint and moves the checkpoint to the end, or to the first event it could not handle so the
 * next start tries that one again. On the very first start there is no checkpoint: history predates
 * the notifier and only the checkpoint is written.
 */
export async function catchUp(deps: { eventStore: EventStore; log: DeliveryLog; intake: StatusIntake; clock: Clock; logger: Logger }): Promise<CatchUpResult> {
  const checkpoint = await deps.log.checkpoint();
  const since = checkpoint?.since ?? deps.clock.now().toISOString();
  deps.intake.since = since;
  let position = 0;
  let firstFailure: number | null = null;
  for await (const event of deps.eventStore.readAll()) {
    if (checkpoint && position >= checkpoint.position) {
      try {
        await deps.intake.onEvent(event);
      } catch (error) {
        firstFailure ??= position;
        deps.logger.error({ err: error, streamId: event.streamId, version: event.version }, 'catch-up could not schedule a webhook');
      }
    }
    position++;
  }
  await deps.log.saveCheckpoint({ position: firstFailure ?? position, since });
  return { scanned: checkpoint ? position - checkpoint.position : 0, since };
}
