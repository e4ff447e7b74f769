export * from './currencies';
export * from './list-item';
export * from './payment-information';
export * from './webhook';
export * from './signature';
