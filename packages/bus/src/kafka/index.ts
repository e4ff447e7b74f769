export * from './create-kafka-bus';
export * from './kafka-bus';
export { SubscribeTimeoutError, type ConsumerTuning } from './kafka-group-member';
export * from './topic-specs';
export * from './kafka-client';
export { KafkaConnectError } from './kafka-connect-failure';
export { MissingTopicsError } from './topic-catalog';
export * from './dead-letter-redrive';
