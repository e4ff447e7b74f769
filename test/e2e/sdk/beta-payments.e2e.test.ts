import path from 'node:path';
import { createMerchant } from '@gw/application';
import { eventOf } from '@gw/contracts';
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
        generate_white_label: [
          'generate_white_label',
          gateway.demoMerchant.betaApiKey,
          {
            pay_currency: 'BTC',
            amount: 30,
            currency: 'USD',
            lifetime: 45,
            order_id: 'sdk-top-up',
            email: 'buyer@shop.example',
            description: 'Game credits',
          },
          'https://shop.example/oxapay/callback',
        ],
        'generate_white_label (coin not enabled)': [
          'generate_white_label',
          picky.betaApiKey,
          { pay_currency: 'LTC', amount: 30 },
        ],
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

  it('generate_white_label returns the payment to show: address, amounts, expiry and QR code', async () => {
    const returned = results.generate_white_label?.returned as Record<string, unknown>;
    expect(returned).toMatchObject({
      amount: 30,
      currency: 'USD',
      pay_currency: 'BTC',
      order_id: 'sdk-top-up',
      email: 'buyer@shop.example',
      description: 'Game credits',
      callback_url: 'https://shop.example/oxapay/callback',
      lifetime: 45,
    });
    const [stored] = await gateway.gateway.ctx.eventStore.readStream(`payment-${String(returned.track_id)}`);
    const created = stored ? eventOf(stored) : null;
    if (created?.type !== 'PaymentCreated') throw new Error('no payment was created');
    expect(created.data).toMatchObject({ kind: 'white_label', payCurrency: 'btc', orderId: 'sdk-top-up' });
    expect(returned.address).toBe(created.data.payAddress);
    expect(returned.pay_amount).toBe(Number(created.data.payAmount));
    expect(returned.qr_code).toBe(`${gateway.gateway.config.baseUrl}/pay/${created.data.uuid}/qr.svg`);
    expect((returned.expired_at as number) - (returned.date as number)).toBe(45 * 60);
  });

  it("generate_white_label raises the SDK's validation error for a coin the merchant does not take", () => {
    expect(results['generate_white_label (coin not enabled)']).toMatchObject({
      raised: 'ValidationRequestException',
      message: expect.stringContaining('The currency LTC is not enabled for this merchant.'),
    });
  });

  it('accepted_currencies asks for a known merchant_api_key', () => {
    expect(results['accepted_currencies (bad key)']).toEqual({
      raised: 'InvalidApiKeyException',
      message: 'Authentication failed. Invalid merchant API key.',
    });
  });
});
