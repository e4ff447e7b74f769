export * from './cache';
