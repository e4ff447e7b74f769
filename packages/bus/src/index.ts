export * from './message-bus';
export * from './codec';
export * from './schema-validating-json-codec';
export * from './request-reply';
export * from './embedded/in-process-bus';
export * from './namespaced-bus';
