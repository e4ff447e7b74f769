export * from './rates-service';
export * from './rates-refresh';
