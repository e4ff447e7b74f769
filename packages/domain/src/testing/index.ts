export * from './admission-spec';
export * from './decider-spec';
export * from './invoice-fixtures';
export * from './payment-fixtures';
export * from './static-address-fixtures';
