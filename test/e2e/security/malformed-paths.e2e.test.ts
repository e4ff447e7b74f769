import { Writable } from 'node:stream';
import { createLogger } from '@gw/platform';
import { startTestGateway, TEST_ADMIN_TOKEN, type TestGateway } from '../../support/gateway';

/** Every line the gateway logs, through the logger factory production uses. */
class LogCapture extends Writable {
  readonly lines: Array<{ level: number; msg?: string }> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) this.lines.push(JSON.parse(line));
    done();
  }
}

type Shape = 'v1' | 'alpha' | 'beta' | 'plain' | 'page';

/** The body each family answers a client error with. */
function expectShape(shape: Shape, status: number, body: string): void {
  if (shape === 'page') {
    expect(body).toMatch(/^<!doctype html>/i);
    return;
  }
  const json = JSON.parse(body);
  if (shape === 'v1')
    expect(json).toMatchObject({ status: false, statusCode: status, code: expect.any(String) });
  if (shape === 'alpha') expect(json).toMatchObject({ state: 1, message: expect.any(String) });
  if (shape === 'beta')
    expect(json).toMatchObject({ status, error: { type: expect.any(String) }, version: '1.0.0' });
  if (shape === 'plain') expect(json).toMatchObject({ statusCode: status, message: expect.any(String) });
}

/**
 * A path whose percent-encoding does not decode is the client's mistake: a 400 in the family's own
 * shape, with nothing logged as a server failure. Unknown family A paths answer in family A's shape.
 */
describe('malformed and unknown paths', () => {
  const logs = new LogCapture();
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({
      logger: createLogger({ level: 'info', service: 'all', destination: logs }),
    });
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  const headersFor = (path: string): Record<string, string> => {
    if (path.startsWith('/admin/')) return { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    if (path.startsWith('/beta/')) return { merchant_api_key: gateway.demoMerchant.betaApiKey };
    return { 'x-api-key': gateway.demoMerchant.apiKey };
  };

  it.each<[string, Shape]>([
    ['/v1/payment/%ZZ', 'v1'],
    ['/v1/subscriptions/%E0%A4%A', 'v1'],
    ['/v1/subscriptions/plans/%ZZ', 'v1'],
    ['/alpha/v1/exchange-rate/%E0%A4%A/list', 'alpha'],
    ['/beta/v1/payment/%ZZ', 'beta'],
    ['/sandbox/v1/payments/%ZZ', 'plain'],
    ['/admin/v1/merchants/%ZZ', 'plain'],
    ['/invoice/%ZZ', 'page'],
    ['/pay/%E0%A4%A', 'page'],
    ['/static/coins/%ZZ', 'page'],
  ])('GET %s answers 400 in its family shape', async (path, shape) => {
    const before = logs.lines.length;
    const response = await fetch(`${gateway.baseUrl}${path}`, { headers: headersFor(path) });
    expect(response.status).toBe(400);
    expectShape(shape, 400, await response.text());
    const failures = logs.lines.slice(before).filter((line) => line.level >= 50);
    expect(failures).toEqual([]);
  });

  it('answers an unknown family A path in family A shape', async () => {
    const response = await fetch(`${gateway.baseUrl}/alpha/v1/no-such-endpoint`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      state: 1,
      message: 'No such endpoint: POST /alpha/v1/no-such-endpoint',
    });
  });
});
