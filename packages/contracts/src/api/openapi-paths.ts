import type { Schema } from '../messages/schema-builders';

export type PathItems = Record<string, Record<string, unknown>>;
export type OpenApiParameter = Record<string, unknown>;
/** Alternatives of named `securitySchemes`, every scheme of one alternative required together. */
export type SecurityRequirement = Record<string, string[]>;

/** What every family's operation table says of an endpoint, as far as OpenAPI needs it. */
export interface DocumentedOperation {
  operationId: string;
  method: string;
  summary: string;
  idempotent?: boolean;
  pathParams?: Schema | Record<string, Schema>;
  query?: Schema;
  body?: Schema;
  responses: Record<
    string | number,
    /** `mediaType`: what the answer is when it is not JSON (a CSV export). */
    { description: string; schema: Schema; links?: unknown; mediaType?: string }
  >;
}

export interface FamilyDocumentation<Operation extends DocumentedOperation> {
  tag: string;
  /** The routes an operation answers on (family B's list answers with and without the trailing slash). */
  pathsOf(operation: Operation): readonly string[];
  /** Who may call the operation, as the family's `securitySchemes`; `[]` for a public operation. */
  security(operation: Operation): SecurityRequirement[];
  /** What the operation's description adds to its summary (family A: what `sign` is computed over). */
  description?(operation: Operation): string;
  requestBody?: { description?: string; required?(operation: Operation): boolean };
}

const IDEMPOTENCY_KEY: OpenApiParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Replays the first answer for a retried request.',
  schema: { type: 'string', maxLength: 255 },
};

/**
 * OpenAPI 3.1 path items of one family, built from the same JSON Schemas its gateway validates with.
 * An operation on a second path gets a numbered operationId, as operationIds must be unique.
 */
export function openApiPaths<Operation extends DocumentedOperation>(
  operations: readonly Operation[],
  family: FamilyDocumentation<Operation>,
): PathItems {
  const paths: PathItems = {};
  for (const operation of operations) {
    family.pathsOf(operation).forEach((path, index) => {
      const operationId = index === 0 ? operation.operationId : `${operation.operationId}${index + 1}`;
      (paths[path] ??= {})[operation.method] = operationObject(operation, operationId, family);
    });
  }
  return paths;
}

function operationObject<Operation extends DocumentedOperation>(
  operation: Operation,
  operationId: string,
  family: FamilyDocumentation<Operation>,
): Record<string, unknown> {
  return {
    operationId,
    summary: operation.summary,
    ...(family.description ? { description: family.description(operation) } : {}),
    tags: [family.tag],
    security: family.security(operation),
    parameters: [
      ...(operation.idempotent ? [IDEMPOTENCY_KEY] : []),
      ...parametersOf(pathParamsSchema(operation.pathParams), 'path'),
      ...parametersOf(operation.query, 'query'),
    ],
    ...(operation.body
      ? {
          requestBody: {
            required: family.requestBody?.required?.(operation) ?? true,
            ...(family.requestBody?.description ? { description: family.requestBody.description } : {}),
            content: { 'application/json': { schema: operation.body } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        {
          description: response.description,
          content: { [response.mediaType ?? 'application/json']: { schema: response.schema } },
          ...(response.links ? { links: response.links } : {}),
        },
      ]),
    ),
  };
}

/** Path parameters come as an object schema (families A, B) or as a name → schema map (V1). */
function pathParamsSchema(params: DocumentedOperation['pathParams']): Schema | undefined {
  if (!params) return undefined;
  if (params.type === 'object' && 'properties' in params) return params as Schema;
  const properties = params as Record<string, Schema>;
  return { type: 'object', properties, required: Object.keys(properties) };
}

function parametersOf(schema: Schema | undefined, location: 'path' | 'query'): OpenApiParameter[] {
  if (!schema) return [];
  const required = (schema.required ?? []) as string[];
  return Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}
