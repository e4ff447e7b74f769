export * from './message-bus';
export * from './codec';
export * from './dead-letter';
export * from './schema-validating-json-codec';
export * from './schema-registry-codec';
export * from './request-reply';
export * from './embedded/in-process-bus';
export * from './kafka';
