export * from './currencies';
export * from './payment-record';
export * from './webhook';
export * from './signature';
