import { FAMILY_WEBHOOKS, openApiWebhooks } from '@gw/contracts';
import { ADMIN_SECURITY_SCHEMES, adminOpenApiPaths } from '@gw/service-admin';
import { SANDBOX_SECURITY_SCHEMES, sandboxOpenApiPaths } from '@gw/service-chain';
import type { DocumentSources } from '@gw/service-docs';
import { ALPHA_SECURITY_SCHEMES, alphaOpenApiPaths } from '@gw/service-gateway-alpha';
import { BETA_SECURITY_SCHEMES, betaOpenApiPaths } from '@gw/service-gateway-beta';
import { V1_SECURITY_SCHEMES, v1OpenApiPaths } from '@gw/service-gateway-v1';

/**
 * What the docs service serves: one document per merchant API family, then the operator's admin API
 * and the tester's sandbox, each from the service that validates with those schemas. Gathered here, in
 * the composition root, so that no service imports another.
 */
export const API_DOCUMENT_SOURCES: DocumentSources = {
  v1: {
    title: 'Family V1 (/v1)',
    description:
      'NOWPayments-compatible API. Protected calls send the merchant API key in x-api-key; errors answer {statusCode, error, message}.',
    paths: v1OpenApiPaths,
    securitySchemes: V1_SECURITY_SCHEMES,
    webhooks: openApiWebhooks(FAMILY_WEBHOOKS.v1),
  },
  alpha: {
    title: 'Family A (/alpha/v1)',
    description:
      'Cryptomus-compatible API. Every call sends the merchant uuid in merchant and sign = md5(base64(body) + payment key); answers are {state, result}.',
    paths: alphaOpenApiPaths,
    securitySchemes: ALPHA_SECURITY_SCHEMES,
    webhooks: openApiWebhooks(FAMILY_WEBHOOKS.alpha),
  },
  beta: {
    title: 'Family B (/beta/v1)',
    description:
      'OxaPay-compatible API. Protected calls send merchant_api_key; answers are {data, message, error, status, version}.',
    paths: betaOpenApiPaths,
    securitySchemes: BETA_SECURITY_SCHEMES,
    webhooks: openApiWebhooks(FAMILY_WEBHOOKS.beta),
  },
  admin: {
    title: 'Admin (/admin/v1)',
    description:
      'The operator API: merchants and their credentials, wallets, subscription plans, refunds. Not for merchants; keep it off the public ingress.',
    paths: adminOpenApiPaths,
    securitySchemes: ADMIN_SECURITY_SCHEMES,
  },
  sandbox: {
    title: 'Sandbox (/sandbox/v1)',
    description:
      "A simulated chain for integration tests, mounted only while the sandbox is enabled: a merchant moves its own test payments with any one family's credentials.",
    paths: sandboxOpenApiPaths,
    securitySchemes: SANDBOX_SECURITY_SCHEMES,
  },
};
