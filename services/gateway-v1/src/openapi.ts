import { openApiPaths, type PathItems } from '@gw/contracts';
import { V1_OPERATIONS } from '@gw/contracts/api/v1';
import { API_KEY_HEADER } from './http/auth';

/** The credentials family V1 accepts, as OpenAPI `securitySchemes`. */
export const V1_SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: API_KEY_HEADER,
    description: 'Merchant API key, issued by the admin API.',
  },
} as const;

/** OpenAPI 3.1 path items of family V1, built from the same JSON Schemas the gateway validates with. */
export function v1OpenApiPaths(): PathItems {
  return openApiPaths(V1_OPERATIONS, {
    tag: 'Family V1 (/v1)',
    pathsOf: (operation) => [operation.path],
    security: (operation) => (operation.auth ? [{ apiKey: [] }] : []),
    requestBody: { description: 'JSON; a form-encoded body with the same fields is accepted too.' },
  });
}
