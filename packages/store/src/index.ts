export * from './event-store';
export * from './read-models';
