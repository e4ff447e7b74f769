export * from './service';
export * from './command-client';
