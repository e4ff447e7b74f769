import { requestLogger } from '../src';
import { captureLogger } from './support/log-capture';

describe('createLogger', () => {
  it('writes JSON lines with the service, level label and ISO time', () => {
    const { logger, lines } = captureLogger('payments');
    logger.info({ paymentId: 5077125051 }, 'payment created');
    expect(lines[0]).toMatchObject({
      level: 'info',
      service: 'payments',
      paymentId: 5077125051,
      msg: 'payment created',
    });
    expect(String(lines[0]?.time)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('redacts secret request headers of every family', () => {
    const { logger, lines } = captureLogger();
    const headers = {
      'x-api-key': 'np-key',
      sign: 'a-sign',
      merchant: 'merchant-uuid',
      merchant_api_key: 'oxa-key',
      authorization: 'Bearer jwt',
      hmac: 'webhook-hmac',
      'x-nowpayments-sig': 'ipn-sig',
      'content-type': 'application/json',
    };
    logger.info({ req: { headers }, headers, response: { headers } }, 'request');
    const line = JSON.stringify(lines[0]);
    for (const secret of ['np-key', 'a-sign', 'oxa-key', 'Bearer jwt', 'webhook-hmac', 'ipn-sig'])
      expect(line).not.toContain(secret);
    expect(line).toContain('merchant-uuid');
    expect(line).toContain('application/json');
    expect(lines[0]).toMatchObject({ headers: { 'x-api-key': '[Redacted]', sign: '[Redacted]' } });
  });

  it('censors credentials in the query string of a logged url or target', () => {
    const { logger, lines } = captureLogger();
    logger.error({ url: '/alpha/v1/payment/info?apikey=key-1&uuid=u-1' }, 'family A request failed');
    logger.child({ reqId: 'r-1' }).info({ target: '/beta/v1/payment?merchant_api_key=key-2' }, 'done');
    expect(lines[0]).toMatchObject({ url: '/alpha/v1/payment/info?apikey=[Redacted]&uuid=u-1' });
    expect(lines[1]).toMatchObject({ target: '/beta/v1/payment?merchant_api_key=[Redacted]' });
  });

  it('redacts secret fields at the top level and nested', () => {
    const { logger, lines } = captureLogger();
    logger.info(
      {
        apiKey: 'k1',
        merchant: { paymentKey: 'k2', ipnSecret: 'k3', profile: { password: 'k4', token: 'k5' } },
        body: { sign: 'k6', amount: '10.00' },
      },
      'secrets',
    );
    const line = JSON.stringify(lines[0]);
    for (const secret of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'])
      expect(line).not.toMatch(new RegExp(`"${secret}"`));
    expect(line).toContain('"amount":"10.00"');
  });

  it('does not mutate the logged object', () => {
    const { logger } = captureLogger();
    const merchant = { apiKey: 'still-here' };
    logger.info({ merchant }, 'merchant');
    expect(merchant.apiKey).toBe('still-here');
  });

  it('honours the level', () => {
    const lines: string[] = [];
    const { createLogger } = jest.requireActual<typeof import('../src')>('../src');
    const logger = createLogger({
      level: 'warn',
      destination: { write: (line: string) => lines.push(line) },
    });
    logger.info('hidden');
    logger.warn('shown');
    expect(lines).toHaveLength(1);
  });
});

describe('requestLogger', () => {
  it('tags every line with the request id and keeps redaction', () => {
    const { logger, lines } = captureLogger();
    requestLogger(logger, 'req-1', { family: 'alpha' }).info({ headers: { sign: 'secret' } }, 'verified');
    expect(lines[0]).toMatchObject({ reqId: 'req-1', family: 'alpha', headers: { sign: '[Redacted]' } });
  });
});
