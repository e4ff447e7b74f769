export * from './admin-service';
export * from './admin-router';
export * from './admin-token';
export * from './admin-views';
export * from './admin-errors';
export * from './admin-openapi';
