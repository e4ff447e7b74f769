import { testAccountPublicKey } from '@gw/chain/testing';
import { ManualClock } from '@gw/platform';
import { curatedCatalogue, RatesService } from '@gw/pricing';
import { CoinGeckoStandIn, type StandInBehaviour } from '@gw/service-rates/testing';
import { adminClient } from '../admin/admin-helpers';
import { AlphaClient } from '../alpha/alpha-client';
import { EmptyUtxoNode } from '../../support/chain/empty-utxo-node';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { MerchantCalls, type Answer } from './merchant-calls';

const TWO_HOURS_MS = 2 * 3600_000;

/** An empty stand-in node (no Litecoin mainnet node runs here): no deposit is expected, only creates. */
let ltcNode: EmptyUtxoNode;
beforeAll(async () => {
  ltcNode = await EmptyUtxoNode.start();
});
afterAll(() => ltcNode?.stop());

/**
 * Real money: the merchant's own Litecoin wallet on mainnet, prices from a stand-in, and a node that
 * knows no history at any address.
 */
async function realMoneyGateway(
  standIn: CoinGeckoStandIn,
  { sandbox = false, clock }: { sandbox?: boolean; clock?: ManualClock } = {},
): Promise<TestGateway> {
  return gatewayWithLtcWallet(
    {
      SANDBOX_ENABLED: String(sandbox),
      LTC_CHAIN: 'mainnet',
      // CoinGecko alone: what these tests watch is its one source going stale or silent.
      PRICE_SOURCES: 'coingecko',
      PRICE_SOURCE_URL: standIn.baseUrl,
      PRICE_SOURCE_TIMEOUT_MS: '200',
      PRICE_MAX_AGE_SECONDS: '600',
    },
    testAccountPublicKey(2, 'zpub'),
    clock,
  );
}

async function gatewayWithLtcWallet(
  env: Record<string, string>,
  extendedPublicKey: string,
  clock?: ManualClock,
): Promise<TestGateway> {
  const gateway = await startTestGateway({ clock, env: { LTC_RPC_URL: ltcNode.url, ...env } });
  const wallet = await adminClient(gateway)(
    'PUT',
    `/merchants/${gateway.demoMerchant.merchantId}/wallets/ltc`,
    { body: { extended_public_key: extendedPublicKey } },
  );
  // Litecoin only: family B's invoice in USD then opens in it.
  const coins = await adminClient(gateway)('PUT', `/merchants/${gateway.demoMerchant.merchantId}/coins`, {
    body: { enabled_coins: ['ltc'] },
  });
  if (wallet.status !== 200 || coins.status !== 200) {
    await gateway.stop();
    throw new Error(
      `the merchant's wallet or coins were refused: ${JSON.stringify([wallet.body, coins.body])}`,
    );
  }
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
    merchant.beta('POST', '/beta/v1/payment/invoice', { amount: 50, currency: 'USD' }),
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

/** What the payer is asked in each family, read back where the create's answer does not say it. */
async function payAmounts(merchant: MerchantCalls, [v1, alpha, beta]: Answer[]): Promise<number[]> {
  const betaPayment = await merchant.v1('GET', `/v1/payment/${String(beta!.body.data.track_id)}`);
  return [
    Number(v1!.body.pay_amount),
    Number(alpha!.body.result.payer_amount),
    Number(betaPayment.body.pay_amount),
  ];
}

/** The stand-in's Litecoin price: far from the catalogue's, so an amount shows which prices it came from. */
const LIVE_LTC_USD = 125;
/** 50 USD in the catalogue's fixed snapshot: what a test payment is asked. */
const fixedAmount = (coin: string) =>
  Number(
    new RatesService({ source: 'curated', takenAt: curatedCatalogue.pricedAt, pricesUsd: {} }).payAmountFor(
      '50',
      'usd',
      coin,
    ),
  );

describe('real money (a merchant wallet on mainnet), on live prices', () => {
  let standIn: CoinGeckoStandIn;
  let quotedAt: Date | null;
  let gateway: TestGateway | null;

  beforeEach(async () => {
    quotedAt = null;
    gateway = null;
    standIn = await CoinGeckoStandIn.start({
      updatedAt: () => quotedAt ?? new Date(),
      pricesUsd: { bitcoin: 100_000, litecoin: LIVE_LTC_USD },
    });
  });
  afterEach(async () => {
    await gateway?.stop();
    await standIn.stop();
  });

  it.each([
    ['off', false],
    ['on', true],
  ])(
    'opens payments in every family at the live price while it is current (sandbox %s)',
    async (_, sandbox) => {
      gateway = await realMoneyGateway(standIn, { sandbox });
      const merchant = new MerchantCalls(gateway.baseUrl, gateway.demoMerchant);
      const created = await createInEveryFamily(merchant);
      expect(created.map((answer) => answer.status)).toEqual([201, 200, 200]);
      expect(await payAmounts(merchant, created)).toEqual([0.4, 0.4, 0.4]);
      expect(fixedAmount('ltc')).not.toBe(0.4);
      expect(await pricesCheck(gateway)).toBe('up');
    },
  );

  it.each([
    ['off', false],
    ['on', true],
  ])(
    'refuses a create in each family, in its own error shape, on prices older than the limit (sandbox %s)',
    async (_, sandbox) => {
      quotedAt = new Date(Date.now() - TWO_HOURS_MS);
      gateway = await realMoneyGateway(standIn, { sandbox });
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
    },
  );

  it('keeps creating and re-estimating on the last prices after the source fails, until they pass the limit', async () => {
    const clock = new ManualClock(new Date());
    gateway = await realMoneyGateway(standIn, { clock });
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

  it.each<[StandInBehaviour, string, boolean]>([
    ['hang', 'slow beyond its timeout', false],
    ['drop', 'down', false],
    ['malformed', 'answering nonsense', false],
    ['drop', 'down, with the sandbox on', true],
  ])(
    'refuses creates, and answers reads from the catalogue, with a source %s (%s) since start',
    async (behaviour, _, sandbox) => {
      standIn.behaviour = behaviour;
      gateway = await realMoneyGateway(standIn, { sandbox });
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

describe('test payments, on the fixed snapshot', () => {
  let gateway: TestGateway | null = null;
  afterEach(async () => {
    await gateway?.stop();
    gateway = null;
  });

  it.each([
    ['off', false],
    ['on', true],
  ])(
    'opens payments to a regtest wallet in every family with no price source at all (sandbox %s)',
    async (_, sandbox) => {
      gateway = await gatewayWithLtcWallet(
        { SANDBOX_ENABLED: String(sandbox), LTC_CHAIN: 'regtest' },
        testAccountPublicKey(1, 'vpub'),
      );
      expect(gateway.gateway.config.prices.feed).toBe('curated');
      const merchant = new MerchantCalls(gateway.baseUrl, gateway.demoMerchant);
      const created = await createInEveryFamily(merchant);
      expect(created.map((answer) => answer.status)).toEqual([201, 200, 200]);
      expect(created[0]!.body.pay_address).toMatch(/^rltc1q/);
      const fixed = fixedAmount('ltc');
      expect(await payAmounts(merchant, created)).toEqual([fixed, fixed, fixed]);
    },
  );

  it('keeps a sandbox payment on the fixed snapshot beside a mainnet wallet whose live prices are stale', async () => {
    const standIn = await CoinGeckoStandIn.start({ updatedAt: () => new Date(Date.now() - TWO_HOURS_MS) });
    try {
      gateway = await realMoneyGateway(standIn, { sandbox: true });
      const merchant = new MerchantCalls(gateway.baseUrl, gateway.demoMerchant);
      const another = new MerchantCalls(gateway.baseUrl, await gateway.createMerchant());
      const test = await another.v1('POST', '/v1/payment', {
        price_amount: 50,
        price_currency: 'usd',
        pay_currency: 'btc',
      });
      expect(test).toMatchObject({ status: 201, body: { pay_amount: fixedAmount('btc') } });
      const real = await merchant.v1('POST', '/v1/payment', {
        price_amount: 50,
        price_currency: 'usd',
        pay_currency: 'ltc',
      });
      expect(real).toMatchObject({ status: 422, body: { code: 'PRICE_UNAVAILABLE' } });
    } finally {
      await gateway?.stop();
      gateway = null;
      await standIn.stop();
    }
  });
});
