export * from './event-store-fixture';
export * from './event-store-contract';
export * from './read-model-fixture';
export * from './read-model-contract';
export * from './mongo-test-database';
