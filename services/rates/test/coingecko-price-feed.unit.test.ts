import { createServer, type RequestListener } from 'node:http';
import { freeLoopbackPort, ManualClock } from '@gw/platform';
import { PriceSourceError, RatesService } from '@gw/pricing';
import { describePriceFeedContract } from '@gw/pricing/testing';
import { CoinGeckoPriceFeed } from '../src/coingecko-price-feed';
import { CoinGeckoStandIn } from '../src/testing/coingecko-stand-in';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const FIVE_MINUTES_AGO = new Date(NOW.getTime() - 5 * 60_000);

let standIn: CoinGeckoStandIn;
beforeEach(async () => {
  standIn = await CoinGeckoStandIn.start({ updatedAt: () => FIVE_MINUTES_AGO });
});
afterEach(() => standIn.stop());

const feedOn = (baseUrl: string, more: { apiKey?: string; timeoutMs?: number } = {}) =>
  new CoinGeckoPriceFeed({
    baseUrl,
    apiKey: more.apiKey ?? null,
    timeoutMs: more.timeoutMs ?? 5_000,
    clock: new ManualClock(NOW),
  });

/** A source answering with `handler`, for answers the stand-in does not give; `run` gets its base URL. */
async function withSource(handler: RequestListener, run: (baseUrl: string) => Promise<void>): Promise<void> {
  const server = createServer(handler);
  const port = await freeLoopbackPort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${port}/api/v3`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const answering =
  (...bodies: string[]): RequestListener =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(bodies.shift());
  };

describePriceFeedContract('CoinGecko /simple/price on a local stand-in', () => feedOn(standIn.baseUrl));

describe('CoinGecko price feed', () => {
  it('prices coins in USD and fiats through the reference coin, dated by last_updated_at', async () => {
    const snapshot = await feedOn(standIn.baseUrl).snapshot();
    expect(snapshot).toMatchObject({ source: 'coingecko', takenAt: NOW.toISOString() });
    expect(snapshot.pricesUsd).toMatchObject({
      usd: '1',
      btc: '91250',
      ltc: expect.any(String),
      eur: '1.158',
      jpy: '0.0064',
    });
    // One asset, one price, on every network it is listed on.
    expect(snapshot.pricesUsd.usdttrc20).toBe(snapshot.pricesUsd.usdterc20);
    const rates = new RatesService(snapshot);
    expect(rates.priceQuotedAt('btc')).toBe(FIVE_MINUTES_AGO.toISOString());
    expect(rates.priceQuotedAt('eur')).toBe(FIVE_MINUTES_AGO.toISOString());
    expect(rates.priceQuotedAt('usd')).toBe(NOW.toISOString());
  });

  it('leaves out a fiat CoinGecko does not quote, which then has no live price', async () => {
    const rates = new RatesService(await feedOn(standIn.baseUrl).snapshot());
    expect(rates.priceQuotedAt('ron')).toBeNull();
    expect(rates.findCurrency('ron').priceUsd).toBe('0.2275');
  });

  it('sends the demo key header, or the pro key header on pro-api', async () => {
    const seen: (string | undefined)[] = [];
    const answer = answering(JSON.stringify({ bitcoin: { usd: 90000, eur: 80000, last_updated_at: 1 } }));
    await withSource(
      (req, res) => {
        seen.push(req.headers['x-cg-demo-api-key'] as string | undefined);
        seen.push(req.headers['x-cg-pro-api-key'] as string | undefined);
        answer(req, res);
      },
      async (baseUrl) => {
        await feedOn(baseUrl, { apiKey: 'CG-demo' }).snapshot();
        expect(seen).toEqual(['CG-demo', undefined]);
      },
    );
    // pro-api.coingecko.com cannot be reached here: the header the feed would send is what is checked.
    const pro = feedOn('https://pro-api.coingecko.com/api/v3', { apiKey: 'CG-pro' }) as unknown as {
      headers(): Record<string, string>;
    };
    expect(pro.headers()).toMatchObject({ 'x-cg-pro-api-key': 'CG-pro' });
  });

  describe('when the source misbehaves, it rejects with a PriceSourceError saying how', () => {
    it('slow: gives up after the timeout', async () => {
      standIn.behaviour = 'hang';
      const answer = feedOn(standIn.baseUrl, { timeoutMs: 50 }).snapshot();
      await expect(answer).rejects.toThrow(new PriceSourceError('CoinGecko did not answer within 50 ms'));
      expect(standIn.requests).toBe(1);
    });

    it('down: the connection drops', async () => {
      standIn.behaviour = 'drop';
      await expect(feedOn(standIn.baseUrl).snapshot()).rejects.toThrow(/^CoinGecko is unreachable: /);
    });

    it('down: nothing listens', async () => {
      const port = await freeLoopbackPort();
      const answer = feedOn(`http://127.0.0.1:${port}/api/v3`).snapshot();
      await expect(answer).rejects.toBeInstanceOf(PriceSourceError);
      await expect(answer).rejects.toThrow(/^CoinGecko is unreachable: /);
    });

    it('rate-limited: HTTP 429', async () => {
      standIn.behaviour = 'rate-limited';
      await expect(feedOn(standIn.baseUrl).snapshot()).rejects.toThrow('CoinGecko answered HTTP 429');
    });

    it('malformed: JSON of another shape', async () => {
      standIn.behaviour = 'malformed';
      await expect(feedOn(standIn.baseUrl).snapshot()).rejects.toThrow(
        'CoinGecko answered JSON that is not a map of coins to prices',
      );
    });

    it('malformed: not JSON at all, or no catalogue coin in it', async () => {
      const bodies = answering('<html>502 Bad Gateway</html>', JSON.stringify({ dogwifhat: { usd: 2 } }));
      await withSource(bodies, async (baseUrl) => {
        const feed = feedOn(baseUrl);
        await expect(feed.snapshot()).rejects.toThrow('CoinGecko answered something other than JSON');
        await expect(feed.snapshot()).rejects.toThrow('CoinGecko priced none of the catalogue currencies');
      });
    });

    it('leaves out a coin priced at something other than a positive number, and a date from the future', async () => {
      const body = JSON.stringify({
        bitcoin: { usd: 90000, eur: 80000, last_updated_at: NOW.getTime() / 1000 + 3600 },
        litecoin: { usd: 0, last_updated_at: 1 },
        ethereum: { usd: '3000', last_updated_at: 1 },
        tether: { usd: null },
      });
      await withSource(answering(body), async (baseUrl) => {
        const snapshot = await feedOn(baseUrl).snapshot();
        expect(Object.keys(snapshot.pricesUsd).sort()).toEqual(['btc', 'eur', 'usd']);
        expect(snapshot.pricesUsd.eur).toBe('1.125');
        expect(snapshot.quotedAt?.btc).toBe(NOW.toISOString());
      });
    });
  });
});
