export * from './cache-contract';
export * from './redis-keys';
