import { testAccountPublicKey } from '@gw/chain/testing';
import { CoinbaseStandIn, CoinGeckoStandIn, KrakenStandIn } from '@gw/service-rates/testing';
import { adminClient } from '../admin/admin-helpers';
import { EmptyUtxoNode } from '../../support/chain/empty-utxo-node';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { MerchantCalls, type Answer } from './merchant-calls';

/**
 * Real money (the merchant's own Litecoin wallet on mainnet) priced from CoinGecko, Kraken and
 * Coinbase at once, each on a stand-in serving its documented answer, with Litecoin priced a little
 * apart by each: 125 USD on CoinGecko, 126 on Kraken, 124 on Coinbase unless a test says otherwise.
 */
let ltcNode: EmptyUtxoNode;
let coingecko: CoinGeckoStandIn;
let kraken: KrakenStandIn;
let coinbase: CoinbaseStandIn;
let gateway: TestGateway | null;

beforeAll(async () => {
  ltcNode = await EmptyUtxoNode.start();
});
afterAll(() => ltcNode?.stop());
afterEach(async () => {
  await gateway?.stop();
  await Promise.all([coingecko?.stop(), kraken?.stop(), coinbase?.stop()]);
});

async function startSources(krakenLtcUsd = '126'): Promise<void> {
  gateway = null;
  [coingecko, kraken, coinbase] = await Promise.all([
    CoinGeckoStandIn.start({ pricesUsd: { litecoin: 125 } }),
    KrakenStandIn.start({ pricesUsd: { ltc: krakenLtcUsd } }),
    CoinbaseStandIn.start({ pricesUsd: { ltc: '124' } }),
  ]);
}

async function realMoneyGateway(
  env: Record<string, string> = {},
): Promise<{ gateway: TestGateway; merchant: MerchantCalls }> {
  const started = await startTestGateway({
    env: {
      SANDBOX_ENABLED: 'false',
      LTC_RPC_URL: ltcNode.url,
      LTC_CHAIN: 'mainnet',
      PRICE_FEED: 'live',
      PRICE_SOURCES: 'coingecko,kraken,coinbase',
      PRICE_SOURCE_URL: coingecko.baseUrl,
      PRICE_KRAKEN_URL: kraken.baseUrl,
      PRICE_COINBASE_URL: coinbase.baseUrl,
      PRICE_SPREAD_LIMIT_PERCENT: '2',
      ...env,
    },
  });
  gateway = started;
  const admin = adminClient(started);
  const id = started.demoMerchant.merchantId;
  const wallet = await admin('PUT', `/merchants/${id}/wallets/ltc`, {
    body: { extended_public_key: testAccountPublicKey(2, 'zpub') },
  });
  const coins = await admin('PUT', `/merchants/${id}/coins`, { body: { enabled_coins: ['ltc'] } });
  if (wallet.status !== 200 || coins.status !== 200)
    throw new Error(
      `the merchant's wallet or coins were refused: ${JSON.stringify([wallet.body, coins.body])}`,
    );
  return { gateway: started, merchant: new MerchantCalls(started.baseUrl, started.demoMerchant) };
}

const createInEveryFamily = (merchant: MerchantCalls) =>
  Promise.all([
    merchant.v1('POST', '/v1/payment', { price_amount: 50, price_currency: 'usd', pay_currency: 'ltc' }),
    merchant.alpha('/alpha/v1/payment', {
      amount: '50',
      currency: 'USD',
      to_currency: 'LTC',
      order_id: `sources-${Date.now()}`,
    }),
    merchant.beta('POST', '/beta/v1/payment/invoice', { amount: 50, currency: 'USD' }),
  ]);

async function payAmounts(merchant: MerchantCalls, [v1, alpha, beta]: Answer[]): Promise<number[]> {
  const betaPayment = await merchant.v1('GET', `/v1/payment/${String(beta!.body.data.track_id)}`);
  return [
    Number(v1!.body.pay_amount),
    Number(alpha!.body.result.payer_amount),
    Number(betaPayment.body.pay_amount),
  ];
}

async function readiness(
  started: TestGateway,
): Promise<Record<string, { status: string; detail?: unknown }>> {
  const report = (await (await fetch(`${started.baseUrl}/health/ready`)).json()) as {
    checks: Record<string, { status: string; detail?: unknown }>;
  };
  return report.checks;
}

describe('real money priced from several sources', () => {
  it('opens payments in every family at the median of the sources', async () => {
    await startSources();
    const { gateway: started, merchant } = await realMoneyGateway();
    const created = await createInEveryFamily(merchant);
    expect(created.map((answer) => answer.status)).toEqual([201, 200, 200]);
    // 50 USD at the median, 125 USD: neither Kraken's 126 nor Coinbase's 124.
    expect(await payAmounts(merchant, created)).toEqual([0.4, 0.4, 0.4]);
    expect(await readiness(started)).toMatchObject({
      prices: { status: 'up' },
      'price-sources': { status: 'up' },
    });
  });

  // A source slower than its timeout is services/rates/test/price-sources.unit.test.ts's: here every
  // answering source has the default 5 s, which a busy machine never makes it miss.
  it('keeps opening payments on CoinGecko alone while Kraken is down and Coinbase refuses, degraded', async () => {
    await startSources();
    kraken.behaviour = 'drop';
    coinbase.behaviour = 'rate-limited';
    const { gateway: started, merchant } = await realMoneyGateway();
    const created = await createInEveryFamily(merchant);
    expect(created.map((answer) => answer.status)).toEqual([201, 200, 200]);
    expect(await payAmounts(merchant, created)).toEqual([0.4, 0.4, 0.4]);
    const response = await fetch(`${started.baseUrl}/health/ready`);
    expect(response.status).toBe(200);
    expect(await readiness(started)).toMatchObject({
      prices: { status: 'up' },
      // Consecutive failures: 1 after the refresh at start, more if a later refresh ran meanwhile.
      'price-sources': {
        status: 'degraded',
        detail: { kraken: expect.any(Number), coinbase: expect.any(Number) },
      },
    });
  });

  it('with PRICE_MIN_SOURCES=2, refuses a create in each family while CoinGecko alone is left, naming it', async () => {
    await startSources();
    kraken.behaviour = 'drop';
    coinbase.behaviour = 'drop';
    const { merchant } = await realMoneyGateway({ PRICE_MIN_SOURCES: '2' });
    const [v1, alpha, beta] = await createInEveryFamily(merchant);
    const tooFew = 'only 1 price source quotes it freshly, and 2 must agree';
    expect(v1).toMatchObject({
      status: 422,
      body: {
        code: 'PRICE_UNAVAILABLE',
        message: `no agreed price for ltc: ${tooFew} (coingecko 125 USD); retry later`,
      },
    });
    expect(alpha).toEqual({
      status: 422,
      body: { state: 1, message: `no agreed price for LTC: ${tooFew} (coingecko 125 USD); retry later` },
    });
    expect(beta).toMatchObject({
      status: 400,
      body: {
        error: {
          type: 'validation_error',
          key: 'currency',
          message: `No agreed price for LTC: ${tooFew}; try again later.`,
        },
      },
    });
  });

  it('refuses a create in each family, in its own error shape, while the sources disagree beyond the limit', async () => {
    await startSources('140');
    const { merchant } = await realMoneyGateway();
    const [v1, alpha, beta] = await createInEveryFamily(merchant);
    const disagreement =
      'the price sources differ by 12.8 % (coingecko 125, kraken 140, coinbase 124 USD), over the 2 % limit; retry later';

    expect(v1).toEqual({
      status: 422,
      body: {
        status: false,
        statusCode: 422,
        code: 'PRICE_UNAVAILABLE',
        error: 'Unprocessable Entity',
        message: `no agreed price for ltc: ${disagreement}`,
      },
    });
    expect(alpha).toEqual({
      status: 422,
      body: { state: 1, message: `no agreed price for LTC: ${disagreement}` },
    });
    expect(beta).toEqual({
      status: 400,
      body: {
        data: {},
        message: 'Validation failed.',
        error: {
          type: 'validation_error',
          key: 'currency',
          message:
            'No agreed price for LTC: the price sources differ by 12.8 %, over the 2 % limit; try again later.',
        },
        status: 400,
        version: '1.0.0',
      },
    });
  });
});
