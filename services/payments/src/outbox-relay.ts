import type { Cache } from '@gw/cache';
import type { MessageBus } from '@gw/bus';
import { TOPICS, publicEventData, type EventMessage } from '@gw/contracts';
import { TRACEPARENT } from '@gw/platform';
import type { Commit, EventStore } from '@gw/store';
import type { Logger } from 'pino';

export interface OutboxRelayOptions {
  instanceId: string;
  batchSize?: number;
  pollIntervalMs?: number;
  leaseTtlMs?: number;
  /** Hears the commits of each batch once it is published and marked (metrics). */
  onPublished?: (commits: Commit[]) => void;
}

const LEASE = 'outbox-relay';

/**
 * Publishes unpublished commits to `payments.events` (key = stream id, so per-stream order holds) and
 * marks them published. One active relay at a time through a lease; after a crash the next holder
 * republishes whatever was not marked, and consumers de-duplicate by (streamId, version).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wakeRequested = false;
  private stopped = true;

  constructor(
    private readonly store: EventStore,
    private readonly bus: MessageBus,
    private readonly cache: Cache,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a pass now, e.g. right after an append, instead of waiting for the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.cache.releaseLease(LEASE, this.options.instanceId).catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .then(() => undefined)
        .catch((error) => this.logger.error({ err: error }, 'outbox relay pass failed'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          const again = this.wakeRequested;
          this.wakeRequested = false;
          this.schedule(again ? 0 : (this.options.pollIntervalMs ?? 500));
        });
    }, delayMs);
  }

  /** Drains the outbox while holding the lease; returns how many commits it published. */
  async pass(): Promise<number> {
    const ttl = this.options.leaseTtlMs ?? 10_000;
    let published = 0;
    for (;;) {
      if (!(await this.cache.acquireLease(LEASE, this.options.instanceId, ttl))) return published;
      const commits = await this.store.unpublishedCommits(this.options.batchSize ?? 200);
      if (commits.length === 0) return published;
      await this.bus.publish(
        TOPICS.events,
        commits.flatMap((commit) =>
          commit.events.map((event) => ({
            key: commit.streamId,
            value: toEventMessage(event),
            headers: traceHeadersOf(event),
          })),
        ),
      );
      await this.store.markPublished(commits.map((c: Commit) => c.commitId));
      this.options.onPublished?.(commits);
      published += commits.length;
      if (this.stopped) return published;
    }
  }
}

const traceHeadersOf = (event: Commit['events'][number]): Record<string, string> =>
  event.metadata.traceparent ? { [TRACEPARENT]: event.metadata.traceparent } : {};

export function toEventMessage(event: Commit['events'][number]): EventMessage {
  return {
    eventId: event.eventId,
    type: event.type as EventMessage['type'],
    streamId: event.streamId,
    version: event.version,
    occurredAt: event.occurredAt,
    merchantId: event.merchantId,
    data: publicEventData(event.type, event.data),
    metadata: { correlationId: event.metadata.correlationId, causationId: event.metadata.causationId },
  };
}
