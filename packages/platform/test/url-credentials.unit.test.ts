import { isCredentialName, withoutCredentials } from '../src';

describe('credentials in request targets', () => {
  it.each([
    'token',
    'TOKEN',
    'access_token',
    'api_key',
    'API_KEY',
    'apikey',
    'ApiKey',
    'api-key',
    'x-api-key',
    'X-Api-Key',
    'key',
    'sign',
    'signature',
    'Signature',
    'password',
    'secret',
    'client_secret',
    'merchant_api_key',
    'ipn_secret',
    'hmac',
    'webhookToken',
    'stripe_secret',
    'api%5Fkey',
  ])('%s names a credential', (name) => {
    expect(isCredentialName(name)).toBe(true);
  });

  it.each([
    'limit',
    'page',
    'sortBy',
    'orderBy',
    'dateFrom',
    'invoiceId',
    'track_id',
    'currency_from',
    'x',
    'monkey',
  ])('%s does not', (name) => {
    expect(isCredentialName(name)).toBe(false);
  });

  it('replaces only the values of credential parameters, keeping the rest as written', () => {
    expect(
      withoutCredentials(
        '/v1/payment/?limit=5&API_KEY=np-key&sortBy=created_at&token=t0k%20en&Signature=abc',
      ),
    ).toBe('/v1/payment/?limit=5&API_KEY=[Redacted]&sortBy=created_at&token=[Redacted]&Signature=[Redacted]');
    expect(withoutCredentials('https://shop.example/ipn?x-api-key=k&a=1#sign=frag')).toBe(
      'https://shop.example/ipn?x-api-key=[Redacted]&a=1#sign=frag',
    );
    expect(withoutCredentials('/v1/status?key=1&key=2&password=')).toBe(
      '/v1/status?key=[Redacted]&key=[Redacted]&password=[Redacted]',
    );
  });

  it('leaves a target without credentials alone', () => {
    for (const target of [
      '/v1/status',
      '/v1/status?',
      '/v1/payment/?limit=5&page=0',
      '/x?token',
      '/%zz?a=%zz',
    ])
      expect(withoutCredentials(target)).toBe(target);
  });
});
