import type { Schema } from '@gw/contracts';
import { BETA_OPERATIONS, type BetaOperation } from '@gw/contracts/src/api/beta';

type PathItems = Record<string, Record<string, unknown>>;

const TAG = 'Family B (/beta/v1)';

/**
 * OpenAPI 3.1 path items of family B, built from the same JSON Schemas the gateway validates with;
 * the lead assembles them with the other families into /docs.
 */
export function betaOpenApiPaths(): PathItems {
  const paths: PathItems = {};
  for (const operation of BETA_OPERATIONS) {
    operation.paths.forEach((path, index) => {
      const operationId = index === 0 ? operation.operationId : `${operation.operationId}${index + 1}`;
      (paths[path] ??= {})[operation.method] = operationObject(operation, operationId);
    });
  }
  return paths;
}

function operationObject(operation: BetaOperation, operationId: string): Record<string, unknown> {
  return {
    operationId,
    summary: operation.summary,
    tags: [TAG],
    parameters: [
      ...(operation.auth
        ? [
            {
              name: 'merchant_api_key',
              in: 'header',
              required: true,
              description: 'Merchant API key.',
              schema: { type: 'string' },
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
      ...queryParameters(operation.query),
    ],
    ...(operation.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: operation.body } } } }
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
  return Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}
