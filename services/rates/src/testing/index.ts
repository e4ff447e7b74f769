export * from './coingecko-stand-in';
