import { validatorFor } from '@gw/contracts';
import { alphaExchangeRatesSchema, alphaPaymentServicesSchema, alphaSuccess } from '@gw/contracts/api/alpha';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { newMerchant, readyMerchant } from './alpha-fixtures';
import { AlphaClient } from './alpha-client';

interface Service {
  network: string;
  currency: string;
  is_available: boolean;
  limit: { min_amount: string; max_amount: string };
  commission: { fee_amount: string; percent: string };
}

const matchesServices = validatorFor(alphaSuccess('services', alphaPaymentServicesSchema));
const matchesRates = validatorFor(alphaSuccess('rates', alphaExchangeRatesSchema));

describe('family A catalogue endpoints', () => {
  let gateway: TestGateway;
  let client: AlphaClient;

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  describe('POST /payment/services', () => {
    it('lists every coin and network with limits and commission as non-null decimal strings', async () => {
      const answer = await client.send<{ state: number; result: Service[] }>('POST', '/payment/services');
      expect(answer.status).toBe(200);
      expect(matchesServices(answer.body)).toBe(true);
      const rates = gateway.gateway.ctx.rates.current();
      expect(answer.body.result).toHaveLength(rates.cryptoCurrencies().length);
      const usdtOnTron = answer.body.result.find(
        (service) => service.currency === 'USDT' && service.network === 'tron',
      );
      expect(usdtOnTron).toEqual({
        network: 'tron',
        currency: 'USDT',
        is_available: true,
        limit: {
          min_amount: Number(rates.minAmount('usdttrc20', 'usdttrc20').minAmount).toFixed(8),
          max_amount: expect.stringMatching(/^\d+\.\d{8}$/),
        },
        commission: { fee_amount: '1.00000000', percent: '0.00' },
      });
      for (const service of answer.body.result)
        expect(Number(service.limit.min_amount)).toBeLessThan(Number(service.limit.max_amount));
    });

    it('marks as unavailable the coins a merchant did not enable', async () => {
      const btcOnly = new AlphaClient(gateway.baseUrl, await newMerchant(gateway, 'BTC only', ['btc']));
      const answer = await btcOnly.send<{ result: Service[] }>('POST', '/payment/services', { body: '{}' });
      const available = answer.body.result
        .filter((service) => service.is_available)
        .map((service) => `${service.currency}/${service.network}`);
      expect(available).toEqual(['BTC/btc']);
    });
  });

  describe('GET /exchange-rate/{currency}/list', () => {
    it('rates the base against every fiat and coin, signed over {}', async () => {
      const answer = await client.send<{
        state: number;
        result: { from: string; to: string; course: string }[];
      }>('GET', '/exchange-rate/BTC/list');
      expect(answer.status).toBe(200);
      expect(matchesRates(answer.body)).toBe(true);
      const rates = gateway.gateway.ctx.rates.current();
      expect(answer.body.result).toContainEqual({
        from: 'BTC',
        to: 'USD',
        course: rates.exchangeRate('btc', 'usd'),
      });
      expect(answer.body.result).toContainEqual({
        from: 'BTC',
        to: 'USDT',
        course: rates.exchangeRate('btc', 'usdttrc20'),
      });
      expect(answer.body.result.some((rate) => rate.to === 'BTC')).toBe(false);
      expect(new Set(answer.body.result.map((rate) => rate.to)).size).toBe(answer.body.result.length);
    });

    it('takes a fiat base and lowercase codes', async () => {
      const answer = await client.send<{ result: { from: string; to: string; course: string }[] }>(
        'GET',
        '/exchange-rate/usd/list',
      );
      expect(answer.body.result).toContainEqual({
        from: 'USD',
        to: 'EUR',
        course: gateway.gateway.ctx.rates.current().exchangeRate('usd', 'eur'),
      });
    });

    it('answers POST as well, for SDKs that only POST', async () => {
      const answer = await client.send('POST', '/exchange-rate/ETH/list', { body: '[]' });
      expect(answer.status).toBe(200);
    });
  });
});
