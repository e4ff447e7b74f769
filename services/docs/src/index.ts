export * from './docs-service';
export { createDocsRouter } from './docs-router';
export {
  API_DOCUMENTS,
  openApiDocument,
  type ApiDocumentName,
  type DocumentSource,
  type DocumentSources,
  type OpenApiDocument,
} from './openapi-documents';
