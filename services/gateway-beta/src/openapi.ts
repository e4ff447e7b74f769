import { openApiPaths, type PathItems } from '@gw/contracts';
import { BETA_OPERATIONS } from '@gw/contracts/src/api/beta';

/** OpenAPI 3.1 path items of family B, built from the same JSON Schemas the gateway validates with. */
export function betaOpenApiPaths(): PathItems {
  return openApiPaths(BETA_OPERATIONS, {
    tag: 'Family B (/beta/v1)',
    pathsOf: (operation) => operation.paths,
    authHeaders: (operation) =>
      operation.auth
        ? [
            {
              name: 'merchant_api_key',
              in: 'header',
              required: true,
              description: 'Merchant API key.',
              schema: { type: 'string' },
            },
          ]
        : [],
  });
}
