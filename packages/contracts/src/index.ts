export * from './topics';
export * from './messages/envelopes';
export * from './messages/schema-builders';
export * from './messages/event-data.schemas';
export * from './messages/message.schemas';
export * from './validation';
export { renderEventCatalogue } from './catalogue/event-catalogue';
export * from './api/openapi-paths';
export * from './api/webhooks';
