import path from 'node:path';
import { createMerchant } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { runPythonDriver } from '../../support/python-sdks';
import { readyMerchant } from '../alpha/alpha-fixtures';

type Outcome = { returned?: unknown; raised?: string; message?: string };

/** Family B payment calls made with the real oxapay-python SDK (from PyPI, in a venv the test creates). */
describe('oxapay-python Payment methods against family B', () => {
  let gateway: TestGateway;
  let results: Record<string, Outcome>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    const picky = await readyMerchant(
      gateway,
      await createMerchant(gateway.gateway.ctx, {
        name: 'picky',
        enabledCoins: ['btc', 'usdttrc20', 'usdterc20'],
      }),
    );
    results = await runPythonDriver<Record<string, Outcome>>(path.join(__dirname, 'beta-driver.py'), [
      gateway.baseUrl,
      JSON.stringify({
        'accepted_currencies (picky)': ['accepted_currencies', picky.betaApiKey],
        'accepted_currencies (all)': ['accepted_currencies', gateway.demoMerchant.betaApiKey],
        'accepted_currencies (bad key)': ['accepted_currencies', 'a-key-this-gateway-never-issued'],
      }),
    ]);
  }, 600_000);

  afterAll(() => gateway?.stop());

  it("accepted_currencies lists the merchant's enabled coins, each symbol once", () => {
    expect(results['accepted_currencies (picky)']).toEqual({ returned: { list: ['BTC', 'USDT'] } });
  });

  it('accepted_currencies lists every payable coin for a merchant that enabled all', () => {
    const list = (results['accepted_currencies (all)']?.returned as { list: string[] }).list;
    expect(list).toEqual(expect.arrayContaining(['BTC', 'ETH', 'LTC', 'USDT']));
  });

  it('accepted_currencies asks for a known merchant_api_key', () => {
    expect(results['accepted_currencies (bad key)']).toEqual({
      raised: 'InvalidApiKeyException',
      message: 'Authentication failed. Invalid merchant API key.',
    });
  });
});
