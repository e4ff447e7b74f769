import { ALPHA_CUSTODIAL_OPERATIONS, ALPHA_OPERATIONS, alphaValidators } from '@gw/contracts/api/alpha';
import { ALPHA_SECURITY_SCHEMES, alphaOpenApiPaths } from '../src/openapi';

type Operation = {
  operationId: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { content: { 'application/json': { schema: unknown } } }>;
};

describe('family A OpenAPI paths', () => {
  const paths = alphaOpenApiPaths() as Record<string, Record<string, Operation>>;
  const operation = (path: string, method: string): Operation => {
    const found = paths[path]?.[method];
    if (!found) throw new Error(`${method} ${path} is missing`);
    return found;
  };

  it('documents every endpoint and the refused custodial ones', () => {
    expect(
      Object.entries(paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    ).toEqual([
      'POST /alpha/v1/wallet',
      'POST /alpha/v1/wallet/block-address',
      'POST /alpha/v1/wallet/qr',
      'POST /alpha/v1/payment',
      'POST /alpha/v1/payment/info',
      'POST /alpha/v1/payment/qr',
      'POST /alpha/v1/payment/refund',
      'POST /alpha/v1/payment/list',
      'POST /alpha/v1/payment/services',
      'GET /alpha/v1/exchange-rate/{currency}/list',
      'POST /alpha/v1/exchange-rate/{currency}/list',
      'POST /alpha/v1/balance',
      'POST /alpha/v1/payout',
      'POST /alpha/v1/payout/info',
      'POST /alpha/v1/payout/list',
      'POST /alpha/v1/payout/services',
      'POST /alpha/v1/test-webhook/payout',
      'POST /alpha/v1/transfer/to-personal',
      'POST /alpha/v1/transfer/to-business',
      'POST /alpha/v1/wallet/blocked-address-refund',
      'POST /alpha/v1/payment/mark-as-paid',
      'POST /alpha/v1/recurrence/create',
      'POST /alpha/v1/recurrence/info',
      'POST /alpha/v1/recurrence/list',
      'POST /alpha/v1/recurrence/cancel',
    ]);
  });

  it('documents each custodial refusal with its message under 403', () => {
    for (const { path, refusal, custodial } of ALPHA_CUSTODIAL_OPERATIONS) {
      const responses = operation(path, 'post').responses;
      expect(Object.keys(responses).sort()).toEqual(['401', '403', '429']);
      expect((responses['403'] as unknown as { description: string }).description).toContain(refusal);
      if (custodial) expect(refusal).toMatch(/non-custodial: every payment goes straight to your own wallet/);
      else expect(refusal).toMatch(/ is not available|are not available/);
    }
  });

  it('uses the very schemas the gateway validates with (no second copy)', () => {
    expect(operation('/alpha/v1/payment', 'post').requestBody?.content['application/json'].schema).toBe(
      alphaValidators.createPayment.schema,
    );
    expect(operation('/alpha/v1/payment/info', 'post').requestBody?.content['application/json'].schema).toBe(
      alphaValidators.paymentInfo.schema,
    );
    expect(operation('/alpha/v1/payment/list', 'post').requestBody?.content['application/json'].schema).toBe(
      alphaValidators.paymentList.schema,
    );
    const cursor = operation('/alpha/v1/payment/list', 'post').parameters.find(
      (parameter) => parameter.name === 'cursor',
    );
    expect(cursor).toMatchObject({
      in: 'query',
      required: false,
      schema: (alphaValidators.paymentListQuery.schema.properties as Record<string, unknown>).cursor,
    });
    const currency = operation('/alpha/v1/exchange-rate/{currency}/list', 'get').parameters.find(
      (parameter) => parameter.name === 'currency',
    );
    expect(currency).toMatchObject({ in: 'path', required: true });
  });

  it('requires the merchant and sign headers together on every call', () => {
    expect(ALPHA_SECURITY_SCHEMES.merchant).toMatchObject({ type: 'apiKey', in: 'header', name: 'merchant' });
    expect(ALPHA_SECURITY_SCHEMES.sign).toMatchObject({ type: 'apiKey', in: 'header', name: 'sign' });
    for (const { path, method, signing } of ALPHA_OPERATIONS) {
      expect(operation(path, method).security).toEqual([{ merchant: [], sign: [] }]);
      expect(operation(path, method).description).toContain(signing);
    }
  });

  it('gives every response a JSON schema, including 401 Invalid Sign.', () => {
    for (const { path, method } of ALPHA_OPERATIONS) {
      const { responses } = operation(path, method);
      // A custodial call never succeeds: 403 is its answer once signed.
      const custodial = ALPHA_CUSTODIAL_OPERATIONS.some((refused) => refused.path === path);
      expect(Object.keys(responses)).toEqual(expect.arrayContaining([custodial ? '403' : '200', '401']));
      for (const response of Object.values(responses))
        expect(response.content['application/json'].schema).toEqual(expect.any(Object));
    }
  });

  it('has unique operation ids', () => {
    const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
