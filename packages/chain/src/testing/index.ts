export * from './address-allocator-contract';
export * from './wallet-fixtures';
