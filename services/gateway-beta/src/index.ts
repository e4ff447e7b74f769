export * from './gateway-beta-service';
export { createBetaRouter } from './router';
export { betaOpenApiPaths } from './openapi';
