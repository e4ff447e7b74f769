import './request-types';

export * from './access-log';
export * from './async-route';
export * from './bare-json-type';
export * from './body';
export * from './errors';
export * from './json-depth';
export * from './request-id';
export * from './request-target';
export * from './security-headers';
export * from './server';
export * from './route-table';
export * from './request-span';
export * from './cookies';
export * from './double-submit-token';
export * from './static-asset';
export * from './url-credentials';
