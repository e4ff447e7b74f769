export * from './gateway-alpha-service';
export { createAlphaRouter } from './router';
export { ALPHA_SECURITY_SCHEMES, alphaOpenApiPaths } from './openapi';
