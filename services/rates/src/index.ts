export * from './rates-service';
export * from './rates-refresh';
export * from './coingecko-price-feed';
export * from './price-feeds';
export * from './kraken-price-feed';
export * from './coinbase-price-feed';
export * from './combined-price-feed';
export * from './source-health';
