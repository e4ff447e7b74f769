/**
 * What real money is asked at while CoinGecko, Kraken and Coinbase are each up, down (connection
 * dropped), slow (no answer within the 200 ms timeout) or disagreeing, one, two or all at once: the
 * refresh's outcome and wall time, the published BTC price, the `prices` and `price-sources`
 * readiness checks, and what a real-money create of 50 USD in BTC gets from the one admission rule
 * every family calls. Each scenario starts from an empty cache (nothing published before). The
 * sources are local stand-ins serving their documented answers (no internet here), pricing BTC at
 * 90000 (CoinGecko), 90400 (Kraken) and 90200 (Coinbase) unless a scenario moves one. Run:
 *   npx tsx bench/price-sources.bench.ts [--runs 5]
 */
import { parseArgs } from 'node:util';
import { InMemoryCache } from '../packages/cache/src';
import { PaymentRefused, priceViewFor } from '../packages/domain/src';
import { createLogger, loadConfig, systemClock } from '../packages/platform/src';
import { curatedCatalogue, RatesService } from '../packages/pricing/src';
import type { ServiceContext } from '../packages/application/src';
import { publishedSnapshot } from '../services/rates/src/rates-refresh';
import { createRatesService } from '../services/rates/src/rates-service';
import { CoinbaseStandIn } from '../services/rates/src/testing/coinbase-stand-in';
import { CoinGeckoStandIn } from '../services/rates/src/testing/coingecko-stand-in';
import { KrakenStandIn } from '../services/rates/src/testing/kraken-stand-in';
import type { StandInBehaviour } from '../services/rates/src/testing/price-source-stand-in';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

type Sources = { coingecko: string; kraken: string; coinbase: string };
interface Scenario {
  name: string;
  behaviour?: Partial<Record<keyof Sources, StandInBehaviour>>;
  btcUsd?: Partial<Sources>;
}

const SCENARIOS: Scenario[] = [
  { name: 'all three up, agreeing' },
  { name: 'one down (Kraken)', behaviour: { kraken: 'drop' } },
  { name: 'one slow (Coinbase)', behaviour: { coinbase: 'hang' } },
  { name: 'one refusing (CoinGecko 429, e.g. no key)', behaviour: { coingecko: 'rate-limited' } },
  { name: 'two down (Kraken, Coinbase)', behaviour: { kraken: 'drop', coinbase: 'drop' } },
  { name: 'two slow (Kraken, Coinbase)', behaviour: { kraken: 'hang', coinbase: 'hang' } },
  { name: 'one down, one slow', behaviour: { kraken: 'drop', coinbase: 'hang' } },
  { name: 'all down', behaviour: { coingecko: 'drop', kraken: 'drop', coinbase: 'drop' } },
  { name: 'all slow', behaviour: { coingecko: 'hang', kraken: 'hang', coinbase: 'hang' } },
  { name: 'one disagreeing (Kraken +10 %)', btcUsd: { kraken: '99000' } },
  { name: 'two disagreeing (Kraken +10 %, Coinbase −10 %)', btcUsd: { kraken: '99000', coinbase: '81000' } },
  { name: 'one disagreeing, one down', btcUsd: { kraken: '99000' }, behaviour: { coinbase: 'drop' } },
  {
    name: 'one disagreeing, two down',
    btcUsd: { kraken: '99000' },
    behaviour: { coingecko: 'drop', coinbase: 'drop' },
  },
];

const merchant = { enabledCoins: null, payableCoins: 'every' as const, realMoneyCoins: new Set(['btc']) };
const fixed = new RatesService({ source: 'curated', takenAt: curatedCatalogue.pricedAt, pricesUsd: {} });

async function measure(scenario: Scenario) {
  const btc: Sources = { coingecko: '90000', kraken: '90400', coinbase: '90200', ...scenario.btcUsd };
  const [coingecko, kraken, coinbase] = await Promise.all([
    CoinGeckoStandIn.start({ pricesUsd: { bitcoin: Number(btc.coingecko) } }),
    KrakenStandIn.start({ pricesUsd: { btc: btc.kraken } }),
    CoinbaseStandIn.start({ pricesUsd: { btc: btc.coinbase } }),
  ]);
  const standIns = { coingecko, kraken, coinbase };
  for (const [source, behaviour] of Object.entries(scenario.behaviour ?? {}))
    standIns[source as keyof Sources].behaviour = behaviour;
  try {
    const times: number[] = [];
    let row: Record<string, string> = {};
    for (let run = 0; run < runs; run++) {
      const cache = new InMemoryCache();
      const config = loadConfig({
        PRICE_FEED: 'live',
        PRICE_SOURCES: 'coingecko,kraken,coinbase',
        PRICE_SOURCE_URL: coingecko.baseUrl,
        PRICE_KRAKEN_URL: kraken.baseUrl,
        PRICE_COINBASE_URL: coinbase.baseUrl,
        PRICE_SOURCE_TIMEOUT_MS: '200',
      });
      const ctx = {
        cache,
        logger: createLogger({ level: 'silent' }),
        config,
        clock: systemClock,
      } as unknown as ServiceContext;
      const service = createRatesService(ctx);
      const started = process.hrtime.bigint();
      const refreshed = await service.runOnce().then(
        () => 'published',
        () => 'failed: nothing published',
      );
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      const snapshot = await publishedSnapshot(cache);
      const live = snapshot === null ? null : new RatesService(snapshot);
      const check = async (name: string) => {
        try {
          const outcome = await service.readinessChecks![name]!();
          return outcome ? `degraded ${JSON.stringify(outcome.degraded)}` : 'up';
        } catch {
          return 'down';
        }
      };
      let create: string;
      try {
        const coin = fixed.findCryptoCurrency('btc');
        const views = { fixed, live, freshness: { now: new Date(), maxAgeSeconds: 600 } };
        const rates = priceViewFor(merchant, coin, views, [fixed.findCurrency('usd'), coin]);
        create = `admitted: ${rates.payAmountFor('50', 'usd', 'btc')} BTC`;
      } catch (error) {
        create = error instanceof PaymentRefused ? `refused ${error.refusal.code}` : String(error);
      }
      row = {
        refresh: refreshed,
        btc: live ? live.findCurrency('btc').priceUsd : '–',
        prices: await check('prices'),
        'price-sources': await check('price-sources'),
        create,
      };
    }
    const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    return { ...row, 'refresh ms': median.toFixed(0) } as Record<string, string>;
  } finally {
    await Promise.all(Object.values(standIns).map((standIn) => standIn.stop()));
  }
}

async function main() {
  const header = [
    'sources',
    'refresh',
    'refresh ms',
    'BTC USD',
    '`prices`',
    '`price-sources`',
    'real-money create',
  ];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const scenario of SCENARIOS) {
    const row = await measure(scenario);
    console.log(
      `| ${[scenario.name, row.refresh, row['refresh ms'], row.btc, row.prices, row['price-sources'], row.create].join(' | ')} |`,
    );
  }
}

void main();
