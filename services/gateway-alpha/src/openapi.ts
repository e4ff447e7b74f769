import { ALPHA_OPERATIONS, type AlphaOperation } from '@gw/contracts/src/api/alpha';
import type { Schema } from '@gw/contracts';

type PathItems = Record<string, Record<string, unknown>>;

const TAG = 'Family A (/alpha/v1)';

/**
 * OpenAPI 3.1 path items of family A, built from the same JSON Schemas the gateway validates with;
 * the lead assembles them with the other families into /docs.
 */
export function alphaOpenApiPaths(): PathItems {
  const paths: PathItems = {};
  for (const operation of ALPHA_OPERATIONS) {
    (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  }
  return paths;
}

function operationObject(operation: AlphaOperation): Record<string, unknown> {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [TAG],
    parameters: [
      {
        name: 'merchant',
        in: 'header',
        required: true,
        description: 'Merchant uuid.',
        schema: { type: 'string', format: 'uuid' },
      },
      {
        name: 'sign',
        in: 'header',
        required: true,
        description: `Request signature: ${operation.signing}`,
        schema: { type: 'string', pattern: '^[0-9a-f]{32}$' },
      },
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
      ...parametersOf(operation.pathParams, 'path'),
      ...parametersOf(operation.query, 'query'),
    ],
    ...(operation.body
      ? {
          requestBody: {
            required: operation.method === 'post',
            content: { 'application/json': { schema: operation.body } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        { description: response.description, content: { 'application/json': { schema: response.schema } } },
      ]),
    ),
  };
}

function parametersOf(schema: Schema | undefined, location: 'path' | 'query'): Record<string, unknown>[] {
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
