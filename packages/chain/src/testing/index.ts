export * from './address-allocator-contract';
