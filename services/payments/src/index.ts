export * from './payments-service';
export * from './command-handler';
export * from './outbox-relay';
export * from './deposit-translator';
export * from './repeated-payments';
