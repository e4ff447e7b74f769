export * from './scheduler-service';
export * from './payment-expiry';
