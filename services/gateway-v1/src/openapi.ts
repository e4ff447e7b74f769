import { openApiPaths, type PathItems } from '@gw/contracts';
import { V1_OPERATIONS } from '@gw/contracts/src/api/v1';
import { API_KEY_HEADER } from './http/auth';

/** OpenAPI 3.1 path items of family V1, built from the same JSON Schemas the gateway validates with. */
export function v1OpenApiPaths(): PathItems {
  return openApiPaths(V1_OPERATIONS, {
    tag: 'Family V1 (/v1)',
    pathsOf: (operation) => [operation.path],
    authHeaders: (operation) =>
      operation.auth
        ? [
            {
              name: API_KEY_HEADER,
              in: 'header',
              required: true,
              description: 'Merchant API key.',
              schema: { type: 'string', minLength: 1 },
            },
          ]
        : [],
    requestBody: { description: 'JSON; a form-encoded body with the same fields is accepted too.' },
  });
}
