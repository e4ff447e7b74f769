import { validatorFor } from '@gw/contracts';
import { betaCurrenciesSchema, betaFiatsSchema, betaSuccess } from '@gw/contracts/api/beta';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { readyMerchant } from '../alpha/alpha-fixtures';
import { BetaClient } from './beta-client';

describe('family B catalogue endpoints (no key needed)', () => {
  let gateway: TestGateway;
  let anonymous: BetaClient;

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    anonymous = new BetaClient(gateway.baseUrl, { merchantId: '', betaApiKey: '' });
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('GET /common/currencies maps symbols to coins with their networks', async () => {
    const answer = await anonymous.send('GET', '/common/currencies', { apiKey: null });
    expect(answer.status).toBe(200);
    expect(validatorFor(betaSuccess('currencies', betaCurrenciesSchema))(answer.body)).toBe(true);
    const rates = gateway.gateway.ctx.rates.current();
    const usdtTron = rates.findCryptoCurrency('usdttrc20');
    expect(answer.body.data.USDT).toMatchObject({ symbol: 'USDT', name: 'Tether USD', status: true });
    expect(answer.body.data.USDT.networks[usdtTron.networkName]).toEqual({
      network: usdtTron.networkName,
      name: usdtTron.networkName,
      required_confirmations: usdtTron.requiredConfirmations,
      withdraw_fee: Number(usdtTron.withdrawFee),
      withdraw_min: Number(usdtTron.depositMin),
      deposit_min: Number(usdtTron.depositMin),
      static_fixed_fee: 0,
    });
    expect(Object.keys(answer.body.data.USDT.networks).length).toBeGreaterThan(3);
    expect(Object.keys(answer.body.data.BTC.networks)).toEqual(['Bitcoin']);
  });

  it('GET /common/fiats maps symbols to their USD price and precision', async () => {
    const answer = await anonymous.send('GET', '/common/fiats', { apiKey: 'ignored-here' });
    expect(answer.status).toBe(200);
    expect(validatorFor(betaSuccess('fiats', betaFiatsSchema))(answer.body)).toBe(true);
    expect(answer.body.data.USD).toEqual({
      symbol: 'USD',
      name: 'US Dollar',
      price: 1,
      display_precision: 2,
    });
    expect(answer.body.data.JPY).toMatchObject({ symbol: 'JPY', display_precision: 0 });
    expect(Object.keys(answer.body.data)).toHaveLength(
      gateway.gateway.ctx.rates.current().fiatCurrencies().length,
    );
  });
});
