export * from './event-store';
export * from './event-schema';
export * from './read-models';
export * from './embedded/jsonl-event-store';
export { CorruptLogError, StoreWriteFailedError, type FlushStats } from '@gw/platform';
export * from './embedded/in-memory-read-models';
export { UnindexedQueryError, wasted, type QueryCost } from './embedded/query-budget';
export {
  MongoEventStore,
  type MongoEventStoreOptions,
  type OutboxMode,
  type StreamReads,
} from './mongo/mongo-event-store';
export type { MongoStoreOptions } from './mongo/mongo-connection';
export { commandMonitoring, traceMongoCommands } from './mongo/mongo-command-spans';
export { MongoReadModelStore } from './mongo/mongo-read-models';
export type { QueryPlan } from './mongo/query-plan';
