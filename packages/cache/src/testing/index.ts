export * from './cache-contract';
