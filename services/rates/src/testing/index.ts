export * from './price-source-stand-in';
export * from './coingecko-stand-in';
export * from './kraken-stand-in';
export * from './coinbase-stand-in';
export * from './stand-ins';
