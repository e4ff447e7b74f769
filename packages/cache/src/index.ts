export * from './cache';
export * from './embedded/in-memory-cache';
export * from './redis/redis-cache';
export * from './embedded/journaled-cache';
