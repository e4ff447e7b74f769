export * from './scheduler-service';
export * from './payment-expiry';
export * from './leased-loop';
