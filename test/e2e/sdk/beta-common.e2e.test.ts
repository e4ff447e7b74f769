import path from 'node:path';
import { betaSymbol } from '@gw/families';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { runPythonDriver } from '../../support/python-sdks';

type Outcome = { returned?: unknown; raised?: string; message?: string };

/** oxapay-python's keyless Common methods (prices, networks, monitor) through the real SDK. */
describe('oxapay-python Common methods against family B', () => {
  let gateway: TestGateway;
  let results: Record<string, Outcome>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    results = await runPythonDriver<Record<string, Outcome>>(path.join(__dirname, 'beta-driver.py'), [
      gateway.baseUrl,
      JSON.stringify({
        prices: ['common.prices', ''],
        networks: ['common.networks', ''],
        monitor: ['common.monitor', ''],
        currencies: ['common.currencies', ''],
      }),
    ]);
  }, 600_000);

  afterAll(() => gateway?.stop());

  it("prices maps each payable symbol to its USD price from the gateway's rates", () => {
    const rates = gateway.gateway.ctx.rates.current();
    const prices = results.prices?.returned as Record<string, number>;
    expect(prices.BTC).toBe(Number(rates.exchangeRate('btc', 'usd')));
    const firstUsdt = rates.cryptoCurrencies().find((crypto) => betaSymbol(crypto) === 'USDT');
    expect(prices.USDT).toBe(Number(rates.exchangeRate(firstUsdt?.code ?? '', 'usd')));
    const currencies = results.currencies?.returned as Record<string, unknown>;
    expect(Object.keys(prices).sort()).toEqual(Object.keys(currencies).sort());
    for (const price of Object.values(prices)) expect(price).toBeGreaterThan(0);
  });

  it('networks lists every network of the payable coins, each once', () => {
    const list = (results.networks?.returned as { list: string[] }).list;
    const currencies = results.currencies?.returned as Record<string, { networks: Record<string, unknown> }>;
    const expected = new Set(Object.values(currencies).flatMap((currency) => Object.keys(currency.networks)));
    expect([...list].sort()).toEqual([...expected].sort());
    expect(new Set(list).size).toBe(list.length);
    expect(list).toContain(gateway.gateway.ctx.rates.current().findCryptoCurrency('btc').networkName);
  });

  it('monitor answers that the API is operational', () => {
    expect(results.monitor).toEqual({ returned: { status: true } });
  });
});
