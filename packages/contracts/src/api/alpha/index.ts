export * from './fields';
export * from './requests.schemas';
export * from './responses.schemas';
export * from './operations';
export * from './validators';
export * from './custodial';
