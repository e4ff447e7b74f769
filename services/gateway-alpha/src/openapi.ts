import { openApiPaths, type PathItems } from '@gw/contracts';
import { ALPHA_OPERATIONS } from '@gw/contracts/src/api/alpha';

/** OpenAPI 3.1 path items of family A, built from the same JSON Schemas the gateway validates with. */
export function alphaOpenApiPaths(): PathItems {
  return openApiPaths(ALPHA_OPERATIONS, {
    tag: 'Family A (/alpha/v1)',
    pathsOf: (operation) => [operation.path],
    authHeaders: (operation) => [
      {
        name: 'merchant',
        in: 'header',
        required: true,
        description: 'Merchant uuid.',
        schema: { type: 'string', format: 'uuid' },
      },
      {
        name: 'sign',
        in: 'header',
        required: true,
        description: `Request signature: ${operation.signing}`,
        schema: { type: 'string', pattern: '^[0-9a-f]{32}$' },
      },
    ],
    requestBody: { required: (operation) => operation.method === 'post' },
  });
}
