export * from './bus-harness';
export * from './message-bus-contract';
