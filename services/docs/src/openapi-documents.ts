import { alphaOpenApiPaths } from '@gw/service-gateway-alpha';
import { betaOpenApiPaths } from '@gw/service-gateway-beta';
import { v1OpenApiPaths } from '@gw/service-gateway-v1';

export const API_FAMILIES = ['v1', 'alpha', 'beta'] as const;
export type ApiFamily = (typeof API_FAMILIES)[number];

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
}

const FAMILIES: Record<
  ApiFamily,
  { title: string; description: string; paths: () => OpenApiDocument['paths'] }
> = {
  v1: {
    title: 'Family V1 (/v1)',
    description:
      'NOWPayments-compatible API. Protected calls send the merchant API key in x-api-key; errors answer {statusCode, error, message}.',
    paths: v1OpenApiPaths,
  },
  alpha: {
    title: 'Family A (/alpha/v1)',
    description:
      'Cryptomus-compatible API. Every call sends the merchant uuid in merchant and sign = md5(base64(body) + payment key); answers are {state, result}.',
    paths: alphaOpenApiPaths,
  },
  beta: {
    title: 'Family B (/beta/v1)',
    description:
      'OxaPay-compatible API. Protected calls send merchant_api_key; answers are {data, message, error, status, version}.',
    paths: betaOpenApiPaths,
  },
};

/** One OpenAPI 3.1 document per family; its schemas are the objects the family's gateway validates with. */
export function openApiDocument(family: ApiFamily, baseUrl: string): OpenApiDocument {
  const { title, description, paths } = FAMILIES[family];
  return {
    openapi: '3.1.0',
    info: { title: `Crypto payment gateway: ${title}`, version: '1.0.0', description },
    servers: [{ url: baseUrl.replace(/\/+$/, '') }],
    paths: paths(),
  };
}
