import { escapeHtml } from '@gw/platform';
import { API_DOCUMENTS, type ApiDocumentName, type OpenApiDocument } from './openapi-documents';

export const DOCS_STYLESHEET_PATH = '/docs/docs.css';
export const DOCS_SCRIPT_PATH = '/docs/docs.js';
export const DOCS_ASSETS_PATH = '/docs/assets';

/**
 * The reference page: Swagger UI (from the swagger-ui-dist package, served from our own origin) over
 * one of the five documents (`?api=<name>`), with search (filter by tag) and try-it. The page holds no
 * inline script or style, so the strict CSP stays as it is; the start-up script is a file of its own.
 * Swagger UI's own top bar is not used: its logo is an SVG with an inline <style>, which the CSP
 * refuses, so the documents are picked from a plain list of links.
 */
export function renderDocsPage(documents: Record<ApiDocumentName, OpenApiDocument>): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_STYLESHEET_PATH}">
<link rel="icon" href="data:,">
</head>
<body>
<nav class="documents"><strong>API reference</strong>${API_DOCUMENTS.map(
    (name) =>
      `<a href="/docs?api=${name}" data-api="${name}">${escapeHtml(shortTitle(documents[name]))}</a> <a class="json" href="/docs/${name}.json">JSON</a>`,
  ).join('')}</nav>
<noscript><p>The reference needs JavaScript; the OpenAPI 3.1 documents themselves are linked above.</p></noscript>
<div id="swagger-ui"></div>
<script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

const shortTitle = (document: OpenApiDocument): string =>
  document.info.title.replace(/^Crypto payment gateway: /, '');

/**
 * Starts Swagger UI on the document `?api=` names (V1 by default). validatorUrl null: Swagger UI would
 * otherwise send the document to its public online validator for a badge.
 */
export function renderDocsScript(): string {
  return `'use strict';
(function () {
  var names = ${JSON.stringify(API_DOCUMENTS)};
  var asked = new URLSearchParams(window.location.search).get('api');
  var name = names.indexOf(asked) >= 0 ? asked : names[0];
  var current = document.querySelector('nav.documents a[data-api="' + name + '"]');
  if (current) current.setAttribute('aria-current', 'page');
  window.ui = SwaggerUIBundle({
    url: '/docs/' + name + '.json',
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    filter: true,
    validatorUrl: null,
  });
})();
`;
}
