export * from './bus-harness';
export * from './message-bus-contract';
export * from './kafka-namespace';
