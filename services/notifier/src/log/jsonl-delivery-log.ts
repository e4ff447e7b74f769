import { mkdir, open, rename, type FileHandle } from 'node:fs/promises';
import { replayJsonl } from '@gw/platform';
import { join } from 'node:path';
import {
  evolveDelivery,
  scheduledDelivery,
  type Delivery,
  type DeliveryLogEvent,
} from '../delivery/delivery';
import {
  UnknownDeliveryError,
  type DeliveryLog,
  type DeliveryQuery,
  checkpointOf,
  type NotifierCheckpoint,
} from './delivery-log';
import { pageOf, type DeliveryPage, type DeliveryPageQuery } from './delivery-keyset';
import { DeliveryTimeline } from './delivery-timeline';
import { GroupCommitAppender } from './group-commit-appender';

/** One line of `deliveries.jsonl`. `snapshot` lines are written only by compaction. */
/** A checkpoint line may predate `caughtUpTo` (delivery-log.ts, `checkpointOf`). */
type StoredCheckpoint = Parameters<typeof checkpointOf>[0];
type LogLine = { event: DeliveryLogEvent } | { checkpoint: StoredCheckpoint } | { snapshot: Delivery };

const COMPACT_MIN_LINES = 10_000;

/**
 * The embedded delivery log: `<directory>/deliveries.jsonl`, replayed into memory at open. An append is
 * acknowledged after its fsync (appends issued together share one). A torn final line from a crash was
 * never acknowledged and is cut off. When the file holds many more lines than deliveries it is rewritten
 * as one snapshot line per delivery, atomically (temp file, fsync, rename).
 */
export class JsonlDeliveryLog implements DeliveryLog {
  private readonly deliveries = new Map<string, Delivery>();
  private readonly scheduling = new Map<string, Promise<Delivery>>();
  private readonly timeline = new DeliveryTimeline();
  private lastCheckpoint: NotifierCheckpoint | null = null;
  private appender: GroupCommitAppender | undefined;
  private handle: FileHandle | undefined;
  readonly path: string;

  constructor(private readonly directory: string) {
    this.path = join(directory, 'deliveries.jsonl');
  }

  async open(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const lines = await this.replay();
    if (lines >= COMPACT_MIN_LINES && lines > 3 * (this.deliveries.size + 1)) await this.compact();
    this.handle = await open(this.path, 'a');
    this.appender = new GroupCommitAppender(this.handle);
  }

  async append(event: DeliveryLogEvent): Promise<Delivery> {
    const appender = this.openAppender();
    if (event.type === 'DeliveryScheduled') {
      const id = event.delivery.deliveryId;
      const known = this.deliveries.get(id) ?? this.scheduling.get(id);
      if (known) return copy(await known);
      const scheduling = appender.append(line({ event })).then(() => {
        const delivery = scheduledDelivery(event.delivery);
        this.keep(delivery);
        return delivery;
      });
      this.scheduling.set(id, scheduling);
      try {
        return copy(await scheduling);
      } finally {
        this.scheduling.delete(id);
      }
    }
    if (!this.deliveries.has(event.deliveryId)) throw new UnknownDeliveryError(event.deliveryId);
    await appender.append(line({ event }));
    return copy(this.apply(event));
  }

  async get(deliveryId: string): Promise<Delivery | null> {
    const delivery = this.deliveries.get(deliveryId);
    return delivery ? copy(delivery) : null;
  }

  async find(query: DeliveryQuery): Promise<{ deliveries: Delivery[]; total: number }> {
    const matching = [...this.deliveries.values()]
      .filter(
        (d) =>
          (query.merchantId === undefined || d.merchantId === query.merchantId) &&
          (query.state === undefined || d.state === query.state) &&
          (query.paymentId === undefined || d.paymentId === query.paymentId),
      )
      .sort(newestFirst);
    return {
      deliveries: matching.slice(query.offset, query.offset + query.limit).map(copy),
      total: matching.length,
    };
  }

  async page(query: DeliveryPageQuery): Promise<DeliveryPage> {
    const toward = query.after === undefined ? 'older' : 'newer';
    const found: Delivery[] = [];
    for (const deliveryId of this.timeline.walk(query.merchantId, query.after ?? query.before, toward)) {
      const delivery = this.deliveries.get(deliveryId)!;
      if (query.state !== undefined && delivery.state !== query.state) continue;
      if (query.paymentId !== undefined && delivery.paymentId !== query.paymentId) continue;
      found.push(copy(delivery));
      if (found.length > query.limit) break;
    }
    return pageOf(found, query);
  }

  async pending(): Promise<Delivery[]> {
    return [...this.deliveries.values()].filter((d) => d.state === 'pending').map(copy);
  }

  async ofPayment(paymentId: number): Promise<Delivery[]> {
    return [...this.deliveries.values()]
      .filter((d) => d.paymentId === paymentId)
      .sort((a, b) => a.eventVersion - b.eventVersion)
      .map(copy);
  }

  async checkpoint(): Promise<NotifierCheckpoint | null> {
    return this.lastCheckpoint ? { ...this.lastCheckpoint } : null;
  }

  async saveCheckpoint(checkpoint: NotifierCheckpoint): Promise<void> {
    await this.openAppender().append(line({ checkpoint }));
    this.lastCheckpoint = { ...checkpoint };
  }

  async close(): Promise<void> {
    const appender = this.appender;
    const handle = this.handle;
    this.appender = undefined;
    this.handle = undefined;
    await appender?.drain();
    await handle?.close();
  }

  private openAppender(): GroupCommitAppender {
    if (!this.appender) throw new Error(`the delivery log ${this.path} is not open`);
    return this.appender;
  }

  /** A new delivery, in the map and in its merchant's timeline. */
  private keep(delivery: Delivery): void {
    this.deliveries.set(delivery.deliveryId, delivery);
    this.timeline.add(delivery);
  }

  private apply(event: Exclude<DeliveryLogEvent, { type: 'DeliveryScheduled' }>): Delivery {
    const current = this.deliveries.get(event.deliveryId);
    if (!current) throw new UnknownDeliveryError(event.deliveryId);
    const next = evolveDelivery(current, event);
    this.deliveries.set(event.deliveryId, next);
    return next;
  }

  /**
   * Loads the file record by record (a log of a million deliveries is larger than one string may be);
   * returns how many lines it holds. A torn last write is cut off, as in every JSONL file here.
   */
  private async replay(): Promise<number> {
    let lines = 0;
    await replayJsonl(this.path, (record) => {
      this.replayLine(record as LogLine);
      lines++;
    });
    return lines;
  }

  private replayLine(record: LogLine): void {
    if ('checkpoint' in record) {
      this.lastCheckpoint = checkpointOf(record.checkpoint);
    } else if ('snapshot' in record) {
      if (!this.deliveries.has(record.snapshot.deliveryId)) this.keep(record.snapshot);
    } else if (record.event.type === 'DeliveryScheduled') {
      const id = record.event.delivery.deliveryId;
      if (!this.deliveries.has(id)) this.keep(scheduledDelivery(record.event.delivery));
    } else if (this.deliveries.has(record.event.deliveryId)) {
      this.apply(record.event);
    }
  }

  private async compact(): Promise<void> {
    const temp = `${this.path}.compacting`;
    const handle = await open(temp, 'w');
    try {
      const snapshot = [...this.deliveries.values()].map((delivery) => line({ snapshot: delivery }));
      if (this.lastCheckpoint) snapshot.push(line({ checkpoint: this.lastCheckpoint }));
      await handle.writeFile(snapshot.join(''), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.path);
    const directory = await open(this.directory, 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
  }
}

const line = (record: LogLine): string => `${JSON.stringify(record)}\n`;
const copy = <T>(value: T): T => structuredClone(value);

function newestFirst(a: Delivery, b: Delivery): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a.paymentId !== b.paymentId) return b.paymentId - a.paymentId;
  return b.eventVersion - a.eventVersion;
}
