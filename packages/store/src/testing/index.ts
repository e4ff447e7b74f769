export * from './event-store-fixture';
export * from './event-store-contract';
