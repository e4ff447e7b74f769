import { testAccountPublicKey } from '@gw/chain/src/testing';
import { ManualClock } from '@gw/platform';
import {
  CoinGeckoStandIn,
  type StandInBehaviour,
} from '../../../services/rates/src/testing/coingecko-stand-in';
import { adminClient } from '../admin/admin-helpers';
import { AlphaClient } from '../alpha/alpha-client';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { MerchantCalls, type Answer } from './merchant-calls';

const TWO_HOURS_MS = 2 * 3600_000;

/** Real money on Litecoin regtest (no deposit is expected: nothing listens there), prices from a stand-in. */
async function realMoneyGateway(standIn: CoinGeckoStandIn, clock?: ManualClock): Promise<TestGateway> {
  const gateway = await startTestGateway({
    clock,
    env: {
      SANDBOX_ENABLED: 'false',
      LTC_RPC_URL: 'http://127.0.0.1:18597',
      LTC_CHAIN: 'regtest',
      PRICE_SOURCE_URL: standIn.baseUrl,
      PRICE_SOURCE_TIMEOUT_MS: '200',
      PRICE_MAX_AGE_SECONDS: '600',
    },
  });
  const wallet = await adminClient(gateway)(
    'PUT',
    `/merchants/${gateway.demoMerchant.merchantId}/wallets/ltc`,
    {
      body: { extended_public_key: testAccountPublicKey(1, 'vpub') },
    },
  );
  if (wallet.status !== 200)
    throw new Error(`the merchant wallet was refused: ${JSON.stringify(wallet.body)}`);
  return gateway;
}

const createInEveryFamily = (merchant: MerchantCalls) =>
  Promise.all([
    merchant.v1('POST', '/v1/payment', { price_amount: 50, price_currency: 'usd', pay_currency: 'ltc' }),
    merchant.alpha('/alpha/v1/payment', {
      amount: '50',
      currency: 'USD',
      to_currency: 'LTC',
      order_id: `stale-${Date.now()}`,
    }),
    merchant.beta('POST', '/beta/v1/payment/invoice', { amount: 50, currency: 'LTC' }),
  ]);

/** What the price reads answer: V1 estimate and minimum, family A rates, family B fiats. */
async function priceReads(gateway: TestGateway, merchant: MerchantCalls) {
  const [estimate, minimum, fiats] = await Promise.all([
    merchant.v1('GET', '/v1/estimate?amount=100&currency_from=usd&currency_to=ltc'),
    merchant.v1('GET', '/v1/min-amount?currency_from=ltc&currency_to=ltc'),
    merchant.beta('GET', '/beta/v1/common/fiats'),
  ]);
  const rates = await new AlphaClient(gateway.baseUrl, gateway.demoMerchant).send<{
    result: { to: string; course: string }[];
  }>('GET', '/exchange-rate/LTC/list');
  return { estimate, minimum, rates: { status: rates.status, body: rates.body as Answer['body'] }, fiats };
}

/** The public readiness report's `prices` check. */
async function pricesCheck(gateway: TestGateway): Promise<unknown> {
  const report = (await (await fetch(`${gateway.baseUrl}/health/ready`)).json()) as {
    checks: Record<string, { status: string }>;
  };
  return report.checks.prices?.status;
}

describe('outside the sandbox, on live prices', () => {
  let standIn: CoinGeckoStandIn;
  let quotedAt: Date | null;
  let gateway: TestGateway | null;

  beforeEach(async () => {
    quotedAt = null;
    gateway = null;
    standIn = await CoinGeckoStandIn.start({ updatedAt: () => quotedAt ?? new Date() });
  });
  afterEach(async () => {
    await gateway?.stop();
    await standIn.stop();
  });

  it('opens payments in every family while the prices are current', async () => {
    gateway = await realMoneyGateway(standIn);
    const [v1, alpha, beta] = await createInEveryFamily(
      new MerchantCalls(gateway.baseUrl, gateway.demoMerchant),
    );
    expect([v1.status, alpha.status, beta.status]).toEqual([201, 200, 200]);
    expect(await pricesCheck(gateway)).toBe('up');
  });

  it('refuses a create in each family, in its own error shape, on prices older than the limit', async () => {
    quotedAt = new Date(Date.now() - TWO_HOURS_MS);
    gateway = await realMoneyGateway(standIn);
    const merchant = new MerchantCalls(gateway.baseUrl, gateway.demoMerchant);
    const [v1, alpha, beta] = await createInEveryFamily(merchant);
    const lastPrice = `its last price is from ${quotedAt.toISOString().replace(/\.\d{3}Z$/, '.000Z')}`;

    expect(v1).toEqual({
      status: 422,
      body: {
        status: false,
        statusCode: 422,
        code: 'PRICE_UNAVAILABLE',
        error: 'Unprocessable Entity',
        message: `no current price for ltc: ${lastPrice}, and prices older than 600 s are not used; retry later`,
      },
    });
    expect(alpha).toEqual({
      status: 422,
      body: {
        state: 1,
        message: `no current price for LTC: ${lastPrice}, and prices older than 600 s are not used; retry later`,
      },
    });
    expect(beta).toEqual({
      status: 400,
      body: {
        data: {},
        message: 'Validation failed.',
        error: {
          type: 'validation_error',
          key: 'currency',
          message: 'No current price for LTC; try again later.',
        },
        status: 400,
        version: '1.0.0',
      },
    });
    expect(await pricesCheck(gateway)).toBe('down');

    // Reads keep answering from the last prices the source gave: a quote commits nobody to pay.
    const reads = await priceReads(gateway, merchant);
    expect(reads.estimate).toMatchObject({ status: 200, body: { estimated_amount: expect.any(String) } });
    expect(reads.minimum.status).toBe(200);
    expect(reads.rates.status).toBe(200);
    expect(reads.fiats).toMatchObject({ status: 200, body: { data: { EUR: expect.anything() } } });
  });

  it('keeps creating and re-estimating on the last prices after the source fails, until they pass the limit', async () => {
    const clock = new ManualClock(new Date());
    gateway = await realMoneyGateway(standIn, clock);
    standIn.behaviour = 'drop';
    const merchant = new MerchantCalls(gateway.baseUrl, gateway.demoMerchant);
    const created = await merchant.v1('POST', '/v1/payment', {
      price_amount: 50,
      price_currency: 'usd',
      pay_currency: 'ltc',
    });
    expect(created.status).toBe(201);
    const reestimate = () =>
      merchant.v1('POST', `/v1/payment/${String(created.body.payment_id)}/update-merchant-estimate`, {});

    clock.advance(590_000);
    expect((await reestimate()).status).toBe(200);

    clock.advance(20_000);
    expect(await reestimate()).toMatchObject({ status: 422, body: { code: 'PRICE_UNAVAILABLE' } });
    const [v1, alpha, beta] = await createInEveryFamily(merchant);
    expect([v1.status, alpha.status, beta.status]).toEqual([422, 422, 400]);
    expect(await pricesCheck(gateway)).toBe('down');
  });

  it.each<[StandInBehaviour, string]>([
    ['hang', 'slow beyond its timeout'],
    ['drop', 'down'],
    ['malformed', 'answering nonsense'],
  ])(
    'refuses creates, and answers reads from the catalogue, with a source %s (%s) since start',
    async (behaviour) => {
      standIn.behaviour = behaviour;
      gateway = await realMoneyGateway(standIn);
      const merchant = new MerchantCalls(gateway.baseUrl, gateway.demoMerchant);
      const [v1, alpha, beta] = await createInEveryFamily(merchant);
      expect([v1.status, alpha.status, beta.status]).toEqual([422, 422, 400]);
      expect(v1.body.message).toBe(
        'no current price for ltc: no live price, and prices older than 600 s are not used; retry later',
      );
      expect(await pricesCheck(gateway)).toBe('down');
      const reads = await priceReads(gateway, merchant);
      expect([reads.estimate.status, reads.minimum.status, reads.rates.status, reads.fiats.status]).toEqual([
        200, 200, 200, 200,
      ]);
    },
  );
});
