export * from './gateway-beta-service';
export { createBetaRouter } from './router';
export { BETA_SECURITY_SCHEMES, betaOpenApiPaths } from './openapi';
