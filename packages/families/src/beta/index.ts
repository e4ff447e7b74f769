export * from './currencies';
export * from './payment-fields';
export * from './list-item';
export * from './payment-information';
export * from './webhook';
export * from './signature';
export * from './errors';
export * from './white-label';
