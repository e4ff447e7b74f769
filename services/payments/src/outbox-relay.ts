import type { Cache } from '@gw/cache';
import { MessageEncodeError, type MessageBus, type OutgoingMessage } from '@gw/bus';
import { EVENT_HEADERS, TOPICS, eventMessageViolations, toEventMessage } from '@gw/contracts';
import { TRACEPARENT, systemClock, type Clock } from '@gw/platform';
import type { Commit, EventStore } from '@gw/store';
import type { Logger } from 'pino';
import { FailureLog } from './failure-log';

export { toEventMessage };

export interface OutboxRelayOptions {
  instanceId: string;
  batchSize?: number;
  pollIntervalMs?: number;
  leaseTtlMs?: number;
  /** When a commit is set aside (its `quarantinedAt`) and when a failure may be logged again. */
  clock?: Clock;
  /**
   * Runs before a batch is published: the payments service records the commits' events in the history
   * read model there, so every event a consumer of `payments.events` hears is in it already.
   */
  beforePublish?: (commits: Commit[]) => Promise<void>;
  /** Hears the commits of each batch once it is published and marked (metrics). */
  onPublished?: (commits: Commit[]) => void;
  /** Hears each commit set aside (metrics). */
  onQuarantined?: (commit: Commit) => void;
  /** Monotonic milliseconds, for how long ago the lease was renewed (default `performance.now`). */
  monotonicMs?: () => number;
}

const LEASE = 'outbox-relay';
/**
 * The lease is renewed once this share of its TTL has gone by since the last renewal, not before every
 * batch: a pass asked Redis at least twice (before its batch and before finding the outbox empty), a
 * third of a Redis round trip per create under load. A batch still starts with 90 % of the TTL left.
 */
const RENEW_AFTER_TTL_SHARE = 0.1;
/** The most characters of a quarantine reason: the first violations, not a whole schema report. */
const MAX_REASON_CHARS = 500;
/**
 * The most streams whose read-model version the relay remembers (`readModelWritten`), newest kept. A
 * commit is usually published within milliseconds of its write; one whose stream was forgotten goes
 * without the header, and the projector reads its document as it would anyway.
 */
const MAX_REMEMBERED_STREAMS = 10_000;

/**
 * Publishes unpublished commits to `payments.events` (key = stream id, so per-stream order holds) and
 * marks them published. One active relay at a time through a lease; after a crash the next holder
 * republishes whatever was not marked, and consumers de-duplicate by (streamId, version).
 *
 * A commit that can never be published (its events break the `payments.events` schema: written before
 * the store checked appends, or refused after a schema change; or the codec refuses it) is quarantined
 * with its reason and the relay moves on. Its stream's later commits wait behind it, since consumers
 * expect each stream in version order; every other stream flows on. `gateway outbox retry` puts it back.
 * Anything else that fails a pass (brokers or registry away) is retried on the next poll, and logged
 * once per distinct failure rather than on every pass.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wakeRequested = false;
  private stopped = true;
  private readonly clock: Clock;
  private readonly failures: FailureLog;
  private readonly monotonicMs: () => number;
  /** When (monotonic) the last renewal that succeeded was asked for; unset while the lease is not held. */
  private leaseRenewedAt: number | undefined;
  /** Stream id → the version of its read-model document this process wrote (readModelWritten). */
  private readonly readModelVersions = new Map<string, number>();
  /** Stream id → the append and document write under way in this process (readModelWriting). */
  private readonly writesUnderWay = new Map<string, { version: number; ended: Promise<void> }>();

  constructor(
    private readonly store: EventStore,
    private readonly bus: MessageBus,
    private readonly cache: Cache,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.monotonicMs = options.monotonicMs ?? (() => performance.now());
    this.failures = new FailureLog(logger, this.clock, 'outbox relay pass failed');
  }

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

  /**
   * Payments is about to append to the stream up to `version` and then write its read-model document;
   * call the function returned once that is over, saying whether the document was written. Meanwhile
   * the relay holds back a batch holding the stream's commits up to that version (it may read the
   * commit as soon as it is inserted), so they go out with the header instead of without it (which
   * would cost the projector a read per event).
   */
  readModelWriting(streamId: string, version: number): (written: boolean) => void {
    let end!: () => void;
    const underWay = { version, ended: new Promise<void>((resolve) => (end = resolve)) };
    this.writesUnderWay.set(streamId, underWay);
    return (written) => {
      if (this.writesUnderWay.get(streamId) === underWay) this.writesUnderWay.delete(streamId);
      if (written) this.readModelWritten(streamId, version);
      end();
    };
  }

  /**
   * Payments wrote the stream's read-model document as of `version` (its write resolved: the stored
   * document is at least that far). Events of the stream up to that version are published with the
   * `x-read-model-version` header, so the projector need not read the document to find it as far.
   */
  readModelWritten(streamId: string, version: number): void {
    const known = this.readModelVersions.get(streamId);
    if (known !== undefined && known >= version) return;
    this.readModelVersions.delete(streamId);
    this.readModelVersions.set(streamId, version);
    if (this.readModelVersions.size > MAX_REMEMBERED_STREAMS) {
      this.readModelVersions.delete(this.readModelVersions.keys().next().value!);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.leaseRenewedAt = undefined;
    await this.cache.releaseLease(LEASE, this.options.instanceId).catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .then(() => this.failures.recovered())
        .catch((error) => this.failures.failed(error))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          const again = this.wakeRequested;
          this.wakeRequested = false;
          this.schedule(again ? 0 : (this.options.pollIntervalMs ?? 500));
        });
    }, delayMs);
  }

  /**
   * Drains the outbox while holding the lease; returns how many commits it published. A batch shorter
   * than `batchSize` was all the outbox held when it was read, so the pass ends there instead of reading
   * it again to find it empty (a store round trip per pass, most of a read per create under load): what
   * this process appended since has woken the relay for another pass (`wake`), and what another process
   * appended is found by the next poll, as it was when it landed after the last read.
   */
  async pass(): Promise<number> {
    const ttl = this.options.leaseTtlMs ?? 10_000;
    const batchSize = this.options.batchSize ?? 200;
    let published = 0;
    for (;;) {
      if (!(await this.holdLease(ttl))) return published;
      const commits = await this.store.unpublishedCommits(batchSize);
      if (commits.length === 0) return published;
      if (!(await this.publish(commits))) continue;
      await this.store.markPublished(commits.map((c: Commit) => c.commitId));
      this.forgetPublished(commits);
      this.options.onPublished?.(commits);
      published += commits.length;
      if (this.stopped || commits.length < batchSize) return published;
    }
  }

  /** Forgets the streams whose read-model version the published commits reached: nothing more to tell. */
  private forgetPublished(commits: Commit[]): void {
    for (const commit of commits) {
      const last = commit.events[commit.events.length - 1];
      const written = this.readModelVersions.get(commit.streamId);
      if (last && written !== undefined && written <= last.version)
        this.readModelVersions.delete(commit.streamId);
    }
  }

  /**
   * True while this relay holds the lease: renewed in Redis when RENEW_AFTER_TTL_SHARE of the TTL has
   * gone by since the last renewal, timed from before that request (the lease lives at least the TTL
   * from when Redis set it, which is later).
   */
  private async holdLease(ttl: number): Promise<boolean> {
    const now = this.monotonicMs();
    const renewedAt = this.leaseRenewedAt;
    if (renewedAt !== undefined && now - renewedAt >= 0 && now - renewedAt < ttl * RENEW_AFTER_TTL_SHARE)
      return true;
    this.leaseRenewedAt = undefined;
    if (!(await this.cache.acquireLease(LEASE, this.options.instanceId, ttl))) return false;
    this.leaseRenewedAt = now;
    return true;
  }

  /**
   * Publishes the commits in one batch. The codec checks every message against `payments.events` (ajv,
   * or the registry's schema), as the store did at append; a message it refuses sets its commit aside
   * and publishes nothing: false, and the next round of the pass reads the rest (less the later commits
   * of the set-aside stream, which wait behind it).
   */
  private async publish(commits: Commit[]): Promise<boolean> {
    await this.writesEnded(commits);
    const owners: Commit[] = [];
    const messages: OutgoingMessage[] = [];
    for (const commit of commits) {
      for (const event of commit.events) {
        owners.push(commit);
        messages.push({ key: commit.streamId, value: toEventMessage(event), headers: this.headersOf(event) });
      }
    }
    await this.options.beforePublish?.(commits);
    try {
      await this.bus.publish(TOPICS.events, messages);
      return true;
    } catch (error) {
      const owner = error instanceof MessageEncodeError ? owners[error.index] : undefined;
      if (!owner) throw error;
      // The contract's own violations read better than a registry's report of every schema branch.
      await this.setAside(owner, refusalOf(owner) ?? firstCharacters((error as MessageEncodeError).message));
      return false;
    }
  }

  /** Waits for the document writes under way (readModelWriting) that cover these commits. */
  private async writesEnded(commits: Commit[]): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const commit of commits) {
      const underWay = this.writesUnderWay.get(commit.streamId);
      if (underWay && underWay.version >= commit.events[0]!.version) waits.push(underWay.ended);
    }
    if (waits.length > 0) await Promise.all(waits);
  }

  private headersOf(event: Commit['events'][number]): Record<string, string> {
    const headers = traceHeadersOf(event);
    headers[EVENT_HEADERS.eventType] = event.type;
    const written = this.readModelVersions.get(event.streamId);
    if (written !== undefined && written >= event.version)
      headers[EVENT_HEADERS.readModelVersion] = String(written);
    return headers;
  }

  private async setAside(commit: Commit, reason: string): Promise<void> {
    await this.store.quarantine(commit, reason, this.clock.now().toISOString());
    this.options.onQuarantined?.(commit);
    this.logger.error(
      {
        commitId: commit.commitId,
        streamId: commit.streamId,
        versions: commit.events.map((event) => event.version),
        reason,
      },
      'outbox commit quarantined: it cannot be published; its stream waits behind it, every other stream flows on (gateway outbox list / retry)',
    );
  }
}

/** Why `payments.events` refuses one of the commit's events (the first such), or null. */
function refusalOf(commit: Commit): string | null {
  for (const event of commit.events) {
    const violations = eventMessageViolations(toEventMessage(event));
    if (violations.length > 0)
      return firstCharacters(`${event.type} version ${event.version}: ${violations.join('; ')}`);
  }
  return null;
}

const firstCharacters = (text: string): string =>
  text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS)}…` : text;

const traceHeadersOf = (event: Commit['events'][number]): Record<string, string> =>
  event.metadata.traceparent ? { [TRACEPARENT]: event.metadata.traceparent } : {};
