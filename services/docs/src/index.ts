export * from './docs-service';
export { createDocsRouter } from './docs-router';
export { API_FAMILIES, openApiDocument, type ApiFamily, type OpenApiDocument } from './openapi-documents';
