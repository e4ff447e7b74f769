import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pageSecurityHeaders } from '@gw/platform';
import type { ServiceContext } from '@gw/application';
import { Router } from 'express';
import { DOCS_STYLESHEET } from './docs-stylesheet';
import {
  DOCS_ASSETS_PATH,
  DOCS_SCRIPT_PATH,
  DOCS_STYLESHEET_PATH,
  renderDocsPage,
  renderDocsScript,
} from './docs-page';
import {
  API_DOCUMENTS,
  openApiDocument,
  type ApiDocumentName,
  type DocumentSources,
  type OpenApiDocument,
} from './openapi-documents';

/** The Swagger UI files the page loads; nothing else of the package (source maps, its own index) is served. */
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'];
/**
 * From the sources, the installed package; in the bundle (dist/, run without node_modules), the copy
 * `pnpm build` puts in static/swagger-ui beside it.
 */
const BUNDLED_SWAGGER_UI = path.join(__dirname, 'static', 'swagger-ui');
const SWAGGER_UI_DIR = existsSync(BUNDLED_SWAGGER_UI)
  ? BUNDLED_SWAGGER_UI
  : path.dirname(createRequire(__filename).resolve('swagger-ui-dist/package.json'));

/** GET /docs (the page), its script, stylesheet and Swagger UI assets, and /docs/<name>.json; built once. */
export function createDocsRouter(ctx: ServiceContext, sources: DocumentSources): Router {
  const documents = Object.fromEntries(
    API_DOCUMENTS.map((name) => [name, openApiDocument(sources[name], ctx.config.baseUrl)]),
  ) as Record<ApiDocumentName, OpenApiDocument>;
  const page = renderDocsPage(documents);
  const script = renderDocsScript();

  const router = Router();
  for (const name of API_DOCUMENTS) {
    const json = JSON.stringify(documents[name]);
    router.get(`/docs/${name}.json`, (_req, res) => {
      res.type('application/json').send(json);
    });
  }
  router.get(DOCS_STYLESHEET_PATH, (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(DOCS_STYLESHEET);
  });
  router.get(DOCS_SCRIPT_PATH, (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'no-cache').send(script);
  });
  for (const file of SWAGGER_UI_FILES) {
    const location = path.join(SWAGGER_UI_DIR, file);
    router.get(`${DOCS_ASSETS_PATH}/${file}`, (_req, res, next) => {
      res.set('Cache-Control', 'public, max-age=86400').sendFile(location, (error) => error && next(error));
    });
  }
  router.get(['/docs', '/docs/'], pageSecurityHeaders(), (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(page);
  });
  return router;
}
