export * from './amounts';
export * from './catalogue';
export * from './currency';
export * from './errors';
export * from './price-feed';
export * from './rates-service';
export { curatedCryptoCurrencies } from './crypto-catalogue';
export { curatedFiatCurrencies } from './fiat-catalogue';
export { curatedNetworks } from './networks';
