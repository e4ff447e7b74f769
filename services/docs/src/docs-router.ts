import { pageSecurityHeaders } from '@gw/platform';
import type { ServiceContext } from '@gw/runtime';
import { Router } from 'express';
import { DOCS_STYLESHEET } from './docs-stylesheet';
import { DOCS_STYLESHEET_PATH, renderDocsPage } from './docs-page';
import { API_FAMILIES, openApiDocument, type ApiFamily, type OpenApiDocument } from './openapi-documents';

/** GET /docs (the page), /docs/docs.css and /docs/<family>.json; built once, the schemas never change at run time. */
export function createDocsRouter(ctx: ServiceContext): Router {
  const documents = Object.fromEntries(
    API_FAMILIES.map((family) => [family, openApiDocument(family, ctx.config.baseUrl)]),
  ) as Record<ApiFamily, OpenApiDocument>;
  const page = renderDocsPage(documents);

  const router = Router();
  for (const family of API_FAMILIES) {
    const json = JSON.stringify(documents[family]);
    router.get(`/docs/${family}.json`, (_req, res) => {
      res.type('application/json').send(json);
    });
  }
  router.get(DOCS_STYLESHEET_PATH, (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(DOCS_STYLESHEET);
  });
  router.get(['/docs', '/docs/'], pageSecurityHeaders(), (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(page);
  });
  return router;
}
