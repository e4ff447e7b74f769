export * from './collections';
export * from './documents';
export * from './payment.projection';
export * from './other.projections';
export * from './projections';
export * from './read-model-writer';
export * from './stream-history';
export * from './static-address.projection';
