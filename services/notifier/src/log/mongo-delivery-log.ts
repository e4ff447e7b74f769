import {
  MongoClient,
  MongoServerError,
  type Collection,
  type Db,
  type Filter,
  type IndexSpecification,
} from 'mongodb';
import { commandMonitoring, traceMongoCommands } from '@gw/store';
import {
  evolveDelivery,
  scheduledDelivery,
  type Delivery,
  type DeliveryLogEvent,
} from '../delivery/delivery';
import { pageOf, type DeliveryPage, type DeliveryPageQuery } from './delivery-keyset';
import {
  checkpointOf,
  UnknownDeliveryError,
  type DeliveryLog,
  type DeliveryQuery,
  type NotifierCheckpoint,
} from './delivery-log';

/** A delivery as stored: `_id` is the delivery id, `rev` guards read-modify-write against a concurrent writer. */
type DeliveryDocument = Delivery & { _id: string; rev: number };
/** A checkpoint document written before `caughtUpTo` has a `position` instead (delivery-log.ts, `checkpointOf`). */
type CheckpointDocument = { _id: string; since: string; caughtUpTo?: string };

const DUPLICATE_KEY = 11000;
const MAX_WRITE_TRIES = 5;
const CHECKPOINT_ID = 'notifier';

export const DELIVERY_COLLECTIONS = {
  deliveries: 'webhook_deliveries',
  checkpoints: 'webhook_checkpoints',
} as const;

/**
 * The delivery log in MongoDB (or FerretDB: single-document writes only, no transactions). Each
 * delivery is one document holding its folded state; every event is applied with the same
 * `evolveDelivery` as the embedded log, through a compare-and-swap on `rev`, so both adapters agree.
 */
export class MongoDeliveryLog implements DeliveryLog {
  private client: MongoClient | undefined;

  constructor(private readonly source: { url: string; dbName: string } | { db: Db }) {}

  private db: Db | undefined;

  async open(): Promise<void> {
    if ('db' in this.source) {
      this.db = this.source.db;
    } else {
      this.client = new MongoClient(this.source.url, commandMonitoring());
      traceMongoCommands(this.client);
      await this.client.connect();
      this.db = this.client.db(this.source.dbName);
    }
    // One at a time: FerretDB 1.24 drops the connection when a multi-index createIndexes names
    // indexes that already exist (every start after the first).
    const indexes: IndexSpecification[] = [
      { merchantId: 1, createdAt: -1 },
      { merchantId: 1, state: 1, createdAt: -1 },
      { state: 1, nextAttemptAt: 1 },
      { paymentId: 1, eventVersion: 1 },
    ];
    for (const index of indexes) await this.deliveries.createIndex(index);
  }

  async append(event: DeliveryLogEvent): Promise<Delivery> {
    if (event.type === 'DeliveryScheduled') {
      const delivery = scheduledDelivery(event.delivery);
      try {
        await this.deliveries.insertOne({ ...delivery, _id: delivery.deliveryId, rev: 0 });
        return delivery;
      } catch (error) {
        if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
        const existing = await this.get(delivery.deliveryId);
        if (!existing) throw error;
        return existing;
      }
    }
    for (let attempt = 0; attempt < MAX_WRITE_TRIES; attempt++) {
      const current = await this.deliveries.findOne({ _id: event.deliveryId });
      if (!current) throw new UnknownDeliveryError(event.deliveryId);
      const next = evolveDelivery(strip(current), event);
      const { matchedCount } = await this.deliveries.replaceOne(
        { _id: current._id, rev: current.rev },
        { ...next, rev: current.rev + 1 },
      );
      if (matchedCount === 1) return next;
    }
    throw new Error(`delivery ${event.deliveryId} kept changing under ${MAX_WRITE_TRIES} writes`);
  }

  async get(deliveryId: string): Promise<Delivery | null> {
    const found = await this.deliveries.findOne({ _id: deliveryId });
    return found ? strip(found) : null;
  }

  async find(query: DeliveryQuery): Promise<{ deliveries: Delivery[]; total: number }> {
    const filter: Filter<DeliveryDocument> = {};
    if (query.merchantId !== undefined) filter.merchantId = query.merchantId;
    if (query.state !== undefined) filter.state = query.state;
    if (query.paymentId !== undefined) filter.paymentId = query.paymentId;
    const [found, total] = await Promise.all([
      this.deliveries
        .find(filter)
        .sort({ createdAt: -1, paymentId: -1, eventVersion: -1 })
        .skip(query.offset)
        .limit(query.limit)
        .toArray(),
      this.deliveries.countDocuments(filter),
    ]);
    return { deliveries: found.map(strip), total };
  }

  async page(query: DeliveryPageQuery): Promise<DeliveryPage> {
    const filter: Filter<DeliveryDocument> = { merchantId: query.merchantId };
    if (query.state !== undefined) filter.state = query.state;
    if (query.paymentId !== undefined) filter.paymentId = query.paymentId;
    const forward = query.after === undefined;
    const cursor = query.after ?? query.before;
    if (cursor) {
      const beyond = forward ? '$lt' : '$gt';
      // The outer bound keeps the (merchantId, createdAt) index range tight; the $or breaks ties.
      filter.createdAt = { [forward ? '$lte' : '$gte']: cursor.createdAt };
      filter.$or = [
        { createdAt: { [beyond]: cursor.createdAt } },
        { createdAt: cursor.createdAt, paymentId: { [beyond]: cursor.paymentId } },
        {
          createdAt: cursor.createdAt,
          paymentId: cursor.paymentId,
          eventVersion: { [beyond]: cursor.eventVersion },
        },
      ];
    }
    const direction = forward ? -1 : 1;
    const found = await this.deliveries
      .find(filter)
      .sort({ createdAt: direction, paymentId: direction, eventVersion: direction })
      .limit(query.limit + 1)
      .toArray();
    return pageOf(found.map(strip), query);
  }

  async pending(): Promise<Delivery[]> {
    return (await this.deliveries.find({ state: 'pending' }).sort({ nextAttemptAt: 1 }).toArray()).map(strip);
  }

  async ofPayment(paymentId: number): Promise<Delivery[]> {
    return (await this.deliveries.find({ paymentId }).sort({ eventVersion: 1 }).toArray()).map(strip);
  }

  async checkpoint(): Promise<NotifierCheckpoint | null> {
    const found = await this.checkpoints.findOne({ _id: CHECKPOINT_ID });
    return found ? checkpointOf(found) : null;
  }

  async saveCheckpoint(checkpoint: NotifierCheckpoint): Promise<void> {
    await this.checkpoints.replaceOne(
      { _id: CHECKPOINT_ID },
      { since: checkpoint.since, caughtUpTo: checkpoint.caughtUpTo },
      { upsert: true },
    );
  }

  async close(): Promise<void> {
    await this.client?.close();
    this.client = undefined;
    this.db = undefined;
  }

  private get deliveries(): Collection<DeliveryDocument> {
    return this.openDb().collection<DeliveryDocument>(DELIVERY_COLLECTIONS.deliveries);
  }

  private get checkpoints(): Collection<CheckpointDocument> {
    return this.openDb().collection<CheckpointDocument>(DELIVERY_COLLECTIONS.checkpoints);
  }

  private openDb(): Db {
    if (!this.db) throw new Error('the MongoDB delivery log is not open');
    return this.db;
  }
}

function strip(document: DeliveryDocument): Delivery {
  const { _id: _ignoredId, rev: _ignoredRev, ...delivery } = document;
  return delivery;
}
