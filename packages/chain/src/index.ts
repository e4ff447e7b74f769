export * from './address-allocator';
export * from './errors';
export * from './network-format';
export { formatOfNetwork, networkFormats } from './network-formats';
export { paymentUri } from './payment-uri';
export { fakeTxHash } from './tx-hash';
export { validateAddress } from './validate-address';
export { toChecksumAddress } from './formats/evm';
