export * from './delivery-log-contract';
