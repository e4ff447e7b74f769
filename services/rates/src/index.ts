export * from './rates-service';
export * from './rates-refresh';
export * from './coingecko-price-feed';
export * from './price-feeds';
