import { escapeHtml } from '@gw/platform';
import { API_FAMILIES, type ApiFamily, type OpenApiDocument } from './openapi-documents';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: Record<string, unknown>;
}

interface Operation {
  operationId: string;
  summary: string;
  parameters?: Parameter[];
  requestBody?: { description?: string; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

/** Headers that identify the caller; everything else in `parameters` is request data. */
const AUTH_HEADERS = new Set(['x-api-key', 'merchant', 'sign', 'merchant_api_key']);

export const DOCS_STYLESHEET_PATH = '/docs/docs.css';

/** The reference page: every operation of every family with its parameters, schemas and auth headers. */
export function renderDocsPage(documents: Record<ApiFamily, OpenApiDocument>): string {
  const families = API_FAMILIES.map((family) => familySection(family, documents[family])).join('\n');
  const contents = API_FAMILIES.map(
    (family) =>
      `<li><a href="#${family}">${escapeHtml(documents[family].info.title)}</a> (<a href="/docs/${family}.json">OpenAPI 3.1 JSON</a>)</li>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="${DOCS_STYLESHEET_PATH}">
</head>
<body>
<header><h1>API reference</h1><ul class="families">${contents}</ul></header>
<main>
${families}
</main>
</body>
</html>
`;
}

function familySection(family: ApiFamily, document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) =>
      operationSection(method, path, operation),
    ),
  );
  return `<section id="${family}">
<h2>${escapeHtml(document.info.title)}</h2>
<p>${escapeHtml(document.info.description)}</p>
${operations.join('\n')}
</section>`;
}

function operationSection(method: string, path: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const auth = parameters.filter(
    (parameter) => parameter.in === 'header' && AUTH_HEADERS.has(parameter.name),
  );
  const inputs = parameters.filter((parameter) => !auth.includes(parameter));
  const body = operation.requestBody?.content['application/json']?.schema;
  return `<article class="operation" id="${escapeHtml(operation.operationId)}">
<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary)}</p>
<p class="auth">Auth: ${
    auth.length === 0
      ? 'none'
      : auth
          .map(
            (header) =>
              `<code>${escapeHtml(header.name)}</code> header${header.description ? ` (${escapeHtml(header.description)})` : ''}`,
          )
          .join(', ')
  }</p>
${inputs.length > 0 ? parametersTable(inputs) : ''}
${body ? `<h4>Request body</h4>${operation.requestBody?.description ? `<p>${escapeHtml(operation.requestBody.description)}</p>` : ''}${schemaBlock('application/json', body)}` : ''}
<h4>Responses</h4>
<dl class="responses">
${Object.entries(operation.responses)
  .map(
    ([status, response]) =>
      `<dt>${escapeHtml(status)}</dt><dd>${escapeHtml(response.description)}${
        response.content?.['application/json']
          ? schemaBlock('Schema', response.content['application/json'].schema)
          : ''
      }</dd>`,
  )
  .join('\n')}
</dl>
</article>`;
}

function parametersTable(parameters: Parameter[]): string {
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td><td>${
          parameter.required ? 'yes' : 'no'
        }</td><td><code>${escapeHtml(typeOf(parameter.schema))}</code></td><td>${escapeHtml(parameter.description ?? '')}</td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4>
<table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function schemaBlock(label: string, schema: unknown): string {
  return `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function typeOf(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  const alternatives = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (Array.isArray(alternatives)) return alternatives.map(typeOf).join(' | ');
  return 'any';
}
