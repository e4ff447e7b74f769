import { BETA_OPERATIONS, betaValidators } from '@gw/contracts/api/beta';
import { BETA_SECURITY_SCHEMES, betaOpenApiPaths } from '../src/openapi';

type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { content: { 'application/json': { schema: unknown } } }>;
};

describe('family B OpenAPI paths', () => {
  const paths = betaOpenApiPaths() as Record<string, Record<string, Operation>>;
  const operation = (path: string, method: string): Operation => {
    const found = paths[path]?.[method];
    if (!found) throw new Error(`${method} ${path} is missing`);
    return found;
  };

  it('documents every endpoint and the refused custodial ones, the history with and without the trailing slash', () => {
    expect(
      Object.entries(paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    ).toEqual([
      'POST /beta/v1/payment/invoice',
      'POST /beta/v1/payment/white-label',
      'POST /beta/v1/payment/static-address',
      'GET /beta/v1/payment/static-address',
      'POST /beta/v1/payment/static-address/revoke',
      'GET /beta/v1/payment',
      'GET /beta/v1/payment/',
      'GET /beta/v1/payment/accepted-currencies',
      'GET /beta/v1/payment/{track_id}',
      'GET /beta/v1/common/currencies',
      'GET /beta/v1/common/fiats',
      'GET /beta/v1/common/prices',
      'GET /beta/v1/common/networks',
      'GET /beta/v1/common/monitor',
      'POST /beta/v1/payout',
      'GET /beta/v1/payout',
      'GET /beta/v1/payout/',
      'GET /beta/v1/payout/{track_id}',
      'GET /beta/v1/general/account/balance',
      'POST /beta/v1/general/swap',
      'GET /beta/v1/general/swap',
      'GET /beta/v1/general/swap/pairs',
      'POST /beta/v1/general/swap/calculate',
      'POST /beta/v1/general/swap/rate',
    ]);
  });

  it('uses the very schemas the gateway validates with (no second copy)', () => {
    expect(
      operation('/beta/v1/payment/invoice', 'post').requestBody?.content['application/json'].schema,
    ).toBe(betaValidators.createInvoice.schema);
    const listProperties = betaValidators.paymentList.schema.properties as Record<string, unknown>;
    const parameters = operation('/beta/v1/payment', 'get').parameters.filter(
      (parameter) => parameter.in === 'query',
    );
    expect(parameters.map((parameter) => parameter.name)).toEqual(Object.keys(listProperties));
    for (const parameter of parameters) expect(parameter.schema).toBe(listProperties[parameter.name]);
  });

  it("asks for merchant_api_key exactly where the gateway does, upstream's key header on custodial calls", () => {
    expect(BETA_SECURITY_SCHEMES.merchantApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'merchant_api_key',
    });
    expect(BETA_SECURITY_SCHEMES.payoutApiKey).toMatchObject({ in: 'header', name: 'payout_api_key' });
    expect(BETA_SECURITY_SCHEMES.generalApiKey).toMatchObject({ in: 'header', name: 'general_api_key' });
    const schemeOf = { payout_api_key: 'payoutApiKey', general_api_key: 'generalApiKey' } as const;
    for (const { paths: operationPaths, method, auth, keyHeader } of BETA_OPERATIONS) {
      for (const path of operationPaths) {
        expect(operation(path, method).security).toEqual(
          auth ? [{ [keyHeader ? schemeOf[keyHeader] : 'merchantApiKey']: [] }] : [],
        );
      }
    }
  });

  it('has unique operation ids', () => {
    const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
