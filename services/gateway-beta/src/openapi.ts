import { openApiPaths, type PathItems } from '@gw/contracts';
import { BETA_OPERATIONS } from '@gw/contracts/api/beta';

/** The credentials family B accepts, as OpenAPI `securitySchemes`. */
export const BETA_SECURITY_SCHEMES = {
  merchantApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'merchant_api_key',
    description: 'Merchant API key for family B, issued by the admin API.',
  },
} as const;

/** OpenAPI 3.1 path items of family B, built from the same JSON Schemas the gateway validates with. */
export function betaOpenApiPaths(): PathItems {
  return openApiPaths(BETA_OPERATIONS, {
    tag: 'Family B (/beta/v1)',
    pathsOf: (operation) => operation.paths,
    security: (operation) => (operation.auth ? [{ merchantApiKey: [] }] : []),
  });
}
