/**
 * What the gateway answers for real money (a merchant wallet on mainnet) while its price source is fresh, stale, slow, down or
 * malformed: each family's create, V1 estimate and min-amount, family A rates, family B fiats, and the
 * `prices` readiness check, with the median time of a V1 create and estimate. CoinGecko is a local
 * stand-in (no internet here); the gateway is the embedded one. Run:
 *   npx tsx bench/prices.bench.ts [--calls 20]
 */
import { parseArgs } from 'node:util';
import { testAccountPublicKey } from '../packages/chain/src/testing';
import { CoinGeckoStandIn, type StandInBehaviour } from '../services/rates/src/testing/coingecko-stand-in';
import { adminClient } from '../test/e2e/admin/admin-helpers';
import { AlphaClient } from '../test/e2e/alpha/alpha-client';
import { MerchantCalls, type Answer } from '../test/e2e/security/merchant-calls';
import { startTestGateway } from '../test/support/gateway';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '20' } } });
const calls = Number(values.calls);

const SOURCES: [string, StandInBehaviour, number][] = [
  ['fresh', 'answer', 0],
  ['stale (quotes 2 h old)', 'answer', 2 * 3600_000],
  ['slow (no answer within 200 ms)', 'hang', 0],
  ['down (connection dropped)', 'drop', 0],
  ['malformed (JSON of another shape)', 'malformed', 0],
];

const shown = (answer: Answer): string => {
  const body = answer.body;
  const detail = body.code ?? body.error?.message ?? body.message ?? body.estimated_amount ?? '';
  return `${answer.status} ${String(detail)}`.trim();
};

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function main(): Promise<void> {
  for (const [label, behaviour, ageMs] of SOURCES) {
    const standIn = await CoinGeckoStandIn.start({ updatedAt: () => new Date(Date.now() - ageMs) });
    standIn.behaviour = behaviour;
    const gateway = await startTestGateway({
      env: {
        SANDBOX_ENABLED: 'false',
        LTC_RPC_URL: 'http://127.0.0.1:18798',
        LTC_CHAIN: 'mainnet',
        PRICE_SOURCES: 'coingecko',
        PRICE_SOURCE_URL: standIn.baseUrl,
        PRICE_SOURCE_TIMEOUT_MS: '200',
      },
    });
    try {
      const merchantId = gateway.demoMerchant.merchantId;
      await adminClient(gateway)('PUT', `/merchants/${merchantId}/wallets/ltc`, {
        body: { extended_public_key: testAccountPublicKey(2, 'zpub') },
      });
      const merchant = new MerchantCalls(gateway.baseUrl, gateway.demoMerchant);
      const v1Create = () =>
        merchant.v1('POST', '/v1/payment', { price_amount: 50, price_currency: 'usd', pay_currency: 'ltc' });
      const estimate = () => merchant.v1('GET', '/v1/estimate?amount=100&currency_from=usd&currency_to=ltc');
      const alpha = await merchant.alpha('/alpha/v1/payment', {
        amount: '50',
        currency: 'USD',
        to_currency: 'LTC',
        order_id: `bench-${Date.now()}`,
      });
      const beta = await merchant.beta('POST', '/beta/v1/payment/invoice', { amount: 50, currency: 'LTC' });
      const rates = await new AlphaClient(gateway.baseUrl, gateway.demoMerchant).send(
        'GET',
        '/exchange-rate/LTC/list',
      );
      const fiats = await merchant.beta('GET', '/beta/v1/common/fiats');
      const minimum = await merchant.v1('GET', '/v1/min-amount?currency_from=ltc&currency_to=ltc');
      const ready = (await (await fetch(`${gateway.baseUrl}/health/ready`)).json()) as {
        checks: Record<string, { status: string }>;
      };
      console.log(`\n## source ${label}`);
      console.log(`V1 POST /v1/payment            ${shown(await v1Create())}`);
      console.log(`A  POST /alpha/v1/payment      ${shown(alpha)}`);
      console.log(`B  POST /beta/v1/payment/invoice ${shown(beta)}`);
      console.log(`V1 GET /v1/estimate (100 usd→ltc) ${shown(await estimate())}`);
      console.log(`V1 GET /v1/min-amount          ${minimum.status} ${String(minimum.body.min_amount)}`);
      console.log(`A  GET exchange-rate/LTC/list  ${rates.status}`);
      console.log(
        `B  GET /common/fiats           ${fiats.status} EUR ${String(fiats.body.data?.EUR?.price)}`,
      );
      console.log(`/health/ready prices           ${ready.checks.prices?.status}`);
      console.log(
        `median of ${calls}: V1 create ${(await median(v1Create)).toFixed(1)} ms, estimate ${(await median(estimate)).toFixed(1)} ms`,
      );
      console.log(`requests the source received   ${standIn.requests}`);
    } finally {
      await gateway.stop();
      await standIn.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
