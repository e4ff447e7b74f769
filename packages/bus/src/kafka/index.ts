export * from './create-kafka-bus';
export * from './kafka-bus';
export { SubscribeTimeoutError, type ConsumerTuning } from './kafka-group-member';
export * from './topic-specs';
