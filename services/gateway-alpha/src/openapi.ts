import { openApiPaths, type PathItems } from '@gw/contracts';
import { ALPHA_OPERATIONS } from '@gw/contracts/api/alpha';

/** Family A's credentials: both headers on every call, `sign` computed per request. */
export const ALPHA_SECURITY_SCHEMES = {
  merchant: { type: 'apiKey', in: 'header', name: 'merchant', description: 'Merchant uuid.' },
  sign: {
    type: 'apiKey',
    in: 'header',
    name: 'sign',
    description:
      'Request signature: md5 hex of base64(raw request body) + payment key (an empty body signs the empty string).',
  },
} as const;

/** OpenAPI 3.1 path items of family A, built from the same JSON Schemas the gateway validates with. */
export function alphaOpenApiPaths(): PathItems {
  return openApiPaths(ALPHA_OPERATIONS, {
    tag: 'Family A (/alpha/v1)',
    pathsOf: (operation) => [operation.path],
    security: () => [{ merchant: [], sign: [] }],
    description: (operation) => `Signature: ${operation.signing}`,
    requestBody: { required: (operation) => operation.method === 'post' },
  });
}
