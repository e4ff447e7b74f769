import type { Schema } from '@gw/contracts';
import { V1_OPERATIONS, type V1Operation } from '@gw/contracts/src/api/v1';
import { API_KEY_HEADER } from './http/auth';

type PathItems = Record<string, Record<string, unknown>>;

const TAG = 'Family V1 (/v1)';

/** OpenAPI 3.1 path items of family V1, built from the same JSON Schemas the gateway validates with. */
export function v1OpenApiPaths(): PathItems {
  const paths: PathItems = {};
  for (const operation of V1_OPERATIONS) {
    (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  }
  return paths;
}

function operationObject(operation: V1Operation): Record<string, unknown> {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [TAG],
    parameters: [
      ...(operation.auth
        ? [
            {
              name: API_KEY_HEADER,
              in: 'header',
              required: true,
              description: 'Merchant API key.',
              schema: { type: 'string', minLength: 1 },
            },
          ]
        : []),
      ...(operation.idempotent
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: 'Replays the first answer for a retried request.',
              schema: { type: 'string', maxLength: 255 },
            },
          ]
        : []),
      ...Object.entries(operation.pathParams ?? {}).map(([name, schema]) => ({
        name,
        in: 'path',
        required: true,
        ...described(schema),
        schema,
      })),
      ...queryParameters(operation.query),
    ],
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            description: 'JSON; a form-encoded body with the same fields is accepted too.',
            content: { 'application/json': { schema: operation.body } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        {
          description: response.description,
          content: { 'application/json': { schema: response.schema } },
          ...(response.links ? { links: response.links } : {}),
        },
      ]),
    ),
  };
}

function queryParameters(schema: Schema | undefined): Record<string, unknown>[] {
  if (!schema) return [];
  const required = (schema.required ?? []) as string[];
  return Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...described(property),
    schema: property,
  }));
}

function described(schema: Schema): { description?: string } {
  return typeof schema.description === 'string' ? { description: schema.description } : {};
}
