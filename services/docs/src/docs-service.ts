import type { Service, ServiceContext } from '@gw/application';
import { createDocsRouter } from './docs-router';
import type { DocumentSources } from './openapi-documents';

/**
 * The API reference at /docs, from the documents' sources it is handed (apps/gateway gathers them from
 * the services). Stateless, and public like the documents it serves.
 */
export function createDocsService(ctx: ServiceContext, sources: DocumentSources): Service {
  return {
    name: 'docs',
    async start() {},
    async stop() {},
    router: createDocsRouter(ctx, sources),
  };
}
