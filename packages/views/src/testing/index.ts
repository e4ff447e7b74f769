export * from './stream-history-contract';
