import type { Service, ServiceContext } from '@gw/runtime';
import { createDocsRouter } from './docs-router';

/** The API reference of the three families at /docs. Stateless, and public like the documents it serves. */
export function createDocsService(ctx: ServiceContext): Service {
  return {
    name: 'docs',
    async start() {},
    async stop() {},
    router: createDocsRouter(ctx),
  };
}
