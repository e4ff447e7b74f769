export * from './currencies';
export * from './errors';
export * from './payment-record';
export * from './webhook';
export * from './signature';
export * from './signing-merchant';
export * from './static-wallet';
