import type { MessageBus, OutgoingMessage } from '@gw/bus';
import type { Cache } from '@gw/cache';
import type { ReadModelCollection, ReadModelDocument, ReadModelStore } from '@gw/store';

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

export interface PublishRecord {
  relay: string;
  startedAt: number;
  endedAt: number;
  messages: number;
}

/**
 * What one relay process sees of the bus and the cache. `killDuringPublish` makes the relay die inside
 * its n-th publish: half the batch reaches the bus, then that call and every later bus or cache call
 * never return, as with a process that froze or was killed (so it never renews or releases its lease).
 */
export class RelayProcess {
  private publishes = 0;
  killedAt: number | undefined;

  constructor(
    readonly name: string,
    private readonly bus: MessageBus,
    private readonly cache: Cache,
    private readonly log: PublishRecord[],
    private readonly killDuringPublish?: number,
  ) {}

  get relayBus(): MessageBus {
    return {
      publish: async (topic: string, messages: OutgoingMessage[]) => {
        if (this.killedAt !== undefined) return never();
        const startedAt = Date.now();
        if (++this.publishes === this.killDuringPublish) {
          const half = messages.slice(0, Math.ceil(messages.length / 2));
          await this.bus.publish(topic, half);
          this.log.push({ relay: this.name, startedAt, endedAt: Date.now(), messages: half.length });
          this.killedAt = Date.now();
          return never();
        }
        await this.bus.publish(topic, messages);
        this.log.push({ relay: this.name, startedAt, endedAt: Date.now(), messages: messages.length });
      },
      subscribe: (options, handler) => this.bus.subscribe(options, handler),
      consumerLag: () => this.bus.consumerLag(),
      deadLetters: () => this.bus.deadLetters(),
      close: async () => undefined,
    };
  }

  get relayCache(): Cache {
    const alive =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> =>
        this.killedAt !== undefined ? never() : call(...args);
    return {
      get: alive((key: string) => this.cache.get(key)),
      set: alive((key: string, value: string, ttlMs?: number) => this.cache.set(key, value, ttlMs)),
      setIfAbsent: alive((key: string, value: string, ttlMs?: number) =>
        this.cache.setIfAbsent(key, value, ttlMs),
      ),
      delete: alive((key: string) => this.cache.delete(key)),
      increment: alive((key: string, ttlMs: number) => this.cache.increment(key, ttlMs)),
      acquireLease: alive((name: string, owner: string, ttlMs: number) =>
        this.cache.acquireLease(name, owner, ttlMs),
      ),
      releaseLease: alive((name: string, owner: string) => this.cache.releaseLease(name, owner)),
      close: async () => undefined,
    };
  }
}

/** Records every write that changed a read model, to check each event was applied once and in order. */
export class RecordingReadModels implements ReadModelStore {
  readonly writes: { collection: string; id: string; version: number }[] = [];

  constructor(private readonly inner: ReadModelStore) {}

  collection<T extends ReadModelDocument>(name: string): ReadModelCollection<T> {
    const collection = this.inner.collection<T>(name);
    return {
      upsertIfNewer: async (doc: T) => {
        const wrote = await collection.upsertIfNewer(doc);
        if (wrote) this.writes.push({ collection: name, id: doc.id, version: doc.version });
        return wrote;
      },
      get: (id) => collection.get(id),
      findOne: (filter) => collection.findOne(filter),
      find: (query) => collection.find(query),
      count: (filter) => collection.count(filter),
      ensureIndexes: (indexes) => collection.ensureIndexes(indexes),
      deleteAll: () => collection.deleteAll(),
    };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
