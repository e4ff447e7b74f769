export * from './consumer';
export * from './payment-event';
export * from './wire-format';
