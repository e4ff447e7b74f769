export * from './gateway-v1-service';
export { createV1Router } from './router';
export * from './records/invoice-record';
export * from './records/currency-records';
export * from './records/subscription-records';
export { paymentListFind, SORT_FIELD_COLUMNS } from './requests/list-query';
export { V1_SECURITY_SCHEMES, v1OpenApiPaths } from './openapi';
