export * from './price-feed-contract';
