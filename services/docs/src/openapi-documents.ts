import type { PathItems } from '@gw/contracts';

/** One document per merchant API family, then the operator's admin API and the tester's sandbox. */
export const API_DOCUMENTS = ['v1', 'alpha', 'beta', 'admin', 'sandbox'] as const;
export type ApiDocumentName = (typeof API_DOCUMENTS)[number];

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: PathItems;
  webhooks?: Record<string, unknown>;
  components: { securitySchemes: Record<string, unknown> };
}

/** What one document is made of; the composition root (apps/gateway) gathers them from the services. */
export interface DocumentSource {
  title: string;
  description: string;
  paths: () => PathItems;
  securitySchemes: Record<string, unknown>;
  webhooks?: Record<string, unknown>;
}

export type DocumentSources = Record<ApiDocumentName, DocumentSource>;

/** One OpenAPI 3.1 document; its schemas are the objects the routes validate with. */
export function openApiDocument(source: DocumentSource, baseUrl: string): OpenApiDocument {
  const { title, description, paths, securitySchemes, webhooks } = source;
  return {
    openapi: '3.1.0',
    info: { title: `Crypto payment gateway: ${title}`, version: '1.0.0', description },
    servers: [{ url: baseUrl.replace(/\/+$/, '') }],
    tags: [{ name: title, description }],
    paths: paths(),
    ...(webhooks ? { webhooks } : {}),
    components: { securitySchemes },
  };
}
