export * from './payment-record';
export * from './ipn';
export * from './signature';
export * from './errors';
