import type { ServerResponse } from 'node:http';
import { formatAmount, parsePositiveAmount } from '@gw/pricing';
import { PriceSourceStandIn, sendJson, standInPrices } from './price-source-stand-in';

export interface KrakenStandInOptions {
  /** USD prices by catalogue ticker or fiat code, on top of the catalogue's. */
  pricesUsd?: Record<string, string>;
}

/**
 * The pairs the stand-in lists, under the names Kraken's answer gives them, and which way round they
 * quote (`usd-per-unit`: the price of one `asset` in USD; `units-per-usd`: of one USD in `asset`).
 * Kraken lists no BNB, TON, DGB or most fiats; the stand-in lists none either.
 */
const KRAKEN_PAIRS: readonly { name: string; asset: string; way: 'usd-per-unit' | 'units-per-usd' }[] = [
  { name: 'XXBTZUSD', asset: 'btc', way: 'usd-per-unit' },
  { name: 'XETHZUSD', asset: 'eth', way: 'usd-per-unit' },
  { name: 'XLTCZUSD', asset: 'ltc', way: 'usd-per-unit' },
  { name: 'USDTZUSD', asset: 'usdt', way: 'usd-per-unit' },
  { name: 'USDCUSD', asset: 'usdc', way: 'usd-per-unit' },
  { name: 'DAIUSD', asset: 'dai', way: 'usd-per-unit' },
  { name: 'XDGUSD', asset: 'doge', way: 'usd-per-unit' },
  { name: 'XXRPZUSD', asset: 'xrp', way: 'usd-per-unit' },
  { name: 'SOLUSD', asset: 'sol', way: 'usd-per-unit' },
  { name: 'POLUSD', asset: 'pol', way: 'usd-per-unit' },
  { name: 'TRXUSD', asset: 'trx', way: 'usd-per-unit' },
  { name: 'ZEURZUSD', asset: 'eur', way: 'usd-per-unit' },
  { name: 'ZGBPZUSD', asset: 'gbp', way: 'usd-per-unit' },
  { name: 'ZUSDZJPY', asset: 'jpy', way: 'units-per-usd' },
  { name: 'USDCHF', asset: 'chf', way: 'units-per-usd' },
];

/**
 * A local stand-in for Kraken's `GET /0/public/Ticker` without `pair`
 * (https://docs.kraken.com/api-reference/market-data/get-ticker-information): `{ "error": [],
 * "result": { "<pair>": { "a": [ask, whole lot volume, lot volume], "b": [bid, …], "c": [last trade
 * price, lot volume], "v", "p", "t", "l", "h", "o" } } }`, every number a string. It also lists a
 * EUR-quoted pair, which a USD price must not be read from.
 */
export class KrakenStandIn extends PriceSourceStandIn {
  private readonly pricesUsd: Record<string, string>;

  private constructor(options: KrakenStandInOptions) {
    super();
    this.pricesUsd = standInPrices(options.pricesUsd);
  }

  static async start(options: KrakenStandInOptions = {}): Promise<KrakenStandIn> {
    const standIn = new KrakenStandIn(options);
    await standIn.listen();
    return standIn;
  }

  /** What PRICE_KRAKEN_URL names. */
  get baseUrl(): string {
    return this.origin;
  }

  protected answer(url: URL, res: ServerResponse): void {
    if (url.pathname !== '/0/public/Ticker')
      return sendJson(res, 404, { error: ['EGeneral:Unknown method'], result: {} });
    const result: Record<string, unknown> = {};
    for (const { name, asset, way } of KRAKEN_PAIRS) {
      const usd = parsePositiveAmount(this.pricesUsd[asset]!);
      result[name] = ticker(way === 'usd-per-unit' ? usd : usd.pow(-1).toSignificantDigits(20));
    }
    result.XXBTZEUR = ticker(
      parsePositiveAmount(this.pricesUsd.btc!).dividedBy(this.pricesUsd.eur!).toDecimalPlaces(1),
    );
    sendJson(res, 200, { error: [], result });
  }

  protected rateLimitedBody(): unknown {
    return { error: ['EGeneral:Too many requests'], result: {} };
  }
}

function ticker(last: ReturnType<typeof parsePositiveAmount>): Record<string, unknown> {
  const price = formatAmount(last);
  return {
    a: [price, '1', '1.000'],
    b: [price, '2', '2.000'],
    c: [price, '0.01000000'],
    v: ['100.00000000', '2000.00000000'],
    p: [price, price],
    t: [1200, 25000],
    l: [price, price],
    h: [price, price],
    o: price,
  };
}
