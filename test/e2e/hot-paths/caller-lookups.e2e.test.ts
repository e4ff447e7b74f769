import { MerchantDirectory } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { AlphaClient, type AlphaPayment } from '../alpha/alpha-client';
import { readyMerchant } from '../alpha/alpha-fixtures';
import { BetaClient } from '../beta/beta-client';
import { V1Client } from '../v1/v1-client';

/**
 * A request's caller is looked up once: with rate limits set, the limiter and the authentication share the lookup of
 * the request's key (a cache get and a read of the merchant; for family A the payment key's decryption
 * and an HMAC over the body), which each made on their own before.
 */
describe("a create looks up its caller's credentials once", () => {
  let gateway: TestGateway;
  const spies: jest.SpyInstance[] = [];
  const spyOn = (method: 'byApiKey' | 'byBetaApiKey' | 'paymentKeyOf') => {
    const spy = jest.spyOn(MerchantDirectory.prototype, method);
    spies.push(spy);
    return spy;
  };

  beforeAll(async () => {
    // The limiter asks for the caller only when a limit is set (the default is none).
    gateway = await startTestGateway({
      env: { RATE_LIMIT_V1: '1000', RATE_LIMIT_ALPHA: '1000', RATE_LIMIT_BETA: '1000' },
    });
    await readyMerchant(gateway, gateway.demoMerchant);
  }, 120_000);

  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  it('V1: one lookup of the x-api-key per create', async () => {
    const lookups = spyOn('byApiKey');
    const answer = await new V1Client(gateway).call('POST', '/v1/payment', {
      body: { price_amount: 20, price_currency: 'usd', pay_currency: 'btc', order_id: 'caller-once' },
    });
    expect(answer.status).toBe(201);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('family A: one signature check (one payment key opened) per signed create', async () => {
    const keysOpened = spyOn('paymentKeyOf');
    const alpha = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
    const answer = await alpha.post<{ state: number; result: AlphaPayment }>('/payment', {
      amount: '20',
      currency: 'USD',
      order_id: 'caller-once',
    });
    expect(answer.body.state).toBe(0);
    expect(keysOpened).toHaveBeenCalledTimes(1);
  });

  it('family B: one lookup of the merchant_api_key per invoice', async () => {
    const lookups = spyOn('byBetaApiKey');
    await new BetaClient(gateway.baseUrl, gateway.demoMerchant).createInvoice({ order_id: 'caller-once' });
    expect(lookups).toHaveBeenCalledTimes(1);
  });
});
