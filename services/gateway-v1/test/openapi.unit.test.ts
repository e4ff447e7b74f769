import { V1_OPERATIONS, v1Validators } from '@gw/contracts/api/v1';
import { V1_SECURITY_SCHEMES, v1OpenApiPaths } from '../src/openapi';

type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { links?: Record<string, { operationId: string; parameters: object }> }>;
};

describe('family V1 OpenAPI paths', () => {
  const paths = v1OpenApiPaths() as Record<string, Record<string, Operation>>;
  const operation = (path: string, method: string): Operation => {
    const found = paths[path]?.[method];
    if (!found) throw new Error(`${method} ${path} is missing`);
    return found;
  };
  const all = Object.values(paths).flatMap((item) => Object.values(item));

  it('documents every operation of the table once', () => {
    expect(all.map((op) => op.operationId).sort()).toEqual(V1_OPERATIONS.map((op) => op.operationId).sort());
  });

  it('uses the very schemas the gateway validates with (no second copy)', () => {
    expect(operation('/v1/payment', 'post').requestBody?.content['application/json'].schema).toBe(
      v1Validators.createPayment.schema,
    );
    expect(operation('/v1/invoice', 'post').requestBody?.content['application/json'].schema).toBe(
      v1Validators.createInvoice.schema,
    );
    const limit = operation('/v1/payment/', 'get').parameters.find((parameter) => parameter.name === 'limit');
    expect(limit?.schema).toBe(
      (v1Validators.paymentListQuery.schema.properties as Record<string, unknown>).limit,
    );
  });

  it('requires the x-api-key scheme exactly on the protected operations', () => {
    expect(V1_SECURITY_SCHEMES.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    for (const { path, method, auth } of V1_OPERATIONS) {
      expect({ path, security: operation(path, method).security }).toEqual({
        path,
        security: auth ? [{ apiKey: [] }] : [],
      });
    }
  });

  it('links a created payment to its lookups by payment_id', () => {
    const links = operation('/v1/payment', 'post').responses['201']?.links ?? {};
    const ids = new Set(all.map((op) => op.operationId));
    expect(Object.values(links).map((link) => link.operationId)).toEqual([
      'getPayment',
      'updateMerchantEstimate',
    ]);
    for (const link of Object.values(links)) {
      expect(ids.has(link.operationId)).toBe(true);
      expect(link.parameters).toEqual({ payment_id: '$response.body#/payment_id' });
    }
  });
});
