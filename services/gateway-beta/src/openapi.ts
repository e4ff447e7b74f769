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
  payoutApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'payout_api_key',
    description: "Upstream's payout key header: carries the merchant API key (no other key is issued).",
  },
  generalApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'general_api_key',
    description: "Upstream's general key header: carries the merchant API key (no other key is issued).",
  },
} as const;

const SCHEME_OF_HEADER = {
  payout_api_key: 'payoutApiKey',
  general_api_key: 'generalApiKey',
} as const;

/** OpenAPI 3.1 path items of family B, built from the same JSON Schemas the gateway validates with. */
export function betaOpenApiPaths(): PathItems {
  return openApiPaths(BETA_OPERATIONS, {
    tag: 'Family B (/beta/v1)',
    pathsOf: (operation) => operation.paths,
    security: (operation) =>
      operation.auth
        ? [{ [operation.keyHeader ? SCHEME_OF_HEADER[operation.keyHeader] : 'merchantApiKey']: [] }]
        : [],
  });
}
