export * from './cache';
export * from './embedded/in-memory-cache';
