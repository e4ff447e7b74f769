import type { ServerResponse } from 'node:http';
import { curatedCatalogue, formatAmount, parsePositiveAmount } from '@gw/pricing';
import { PriceSourceStandIn, sendJson, standInPrices } from './price-source-stand-in';

export interface CoinbaseStandInOptions {
  /** USD prices by catalogue ticker or fiat code, on top of the catalogue's. */
  pricesUsd?: Record<string, string>;
}

/**
 * A local stand-in for Coinbase's `GET /v2/exchange-rates?currency=USD`
 * (https://docs.cdp.coinbase.com/coinbase-app/track-apis/exchange-rates): `{ "data": { "currency":
 * "USD", "rates": { "<SYMBOL>": "<units one USD buys>", … } } }`, every rate a decimal string.
 */
export class CoinbaseStandIn extends PriceSourceStandIn {
  private readonly pricesUsd: Record<string, string>;

  private constructor(options: CoinbaseStandInOptions) {
    super();
    this.pricesUsd = standInPrices(options.pricesUsd);
  }

  static async start(options: CoinbaseStandInOptions = {}): Promise<CoinbaseStandIn> {
    const standIn = new CoinbaseStandIn(options);
    await standIn.listen();
    return standIn;
  }

  /** What PRICE_COINBASE_URL names. */
  get baseUrl(): string {
    return this.origin;
  }

  protected answer(url: URL, res: ServerResponse): void {
    if (url.pathname !== '/v2/exchange-rates')
      return sendJson(res, 404, { errors: [{ id: 'not_found', message: 'Not found' }] });
    const base = (url.searchParams.get('currency') ?? 'USD').toUpperCase();
    if (base !== 'USD')
      return sendJson(res, 400, { errors: [{ id: 'invalid_request', message: 'stand-in serves USD only' }] });
    const rates: Record<string, string> = { USD: '1' };
    const symbols = [
      ...curatedCatalogue.cryptoCurrencies.map((coin) => coin.ticker),
      ...curatedCatalogue.fiatCurrencies.map((fiat) => fiat.code),
    ];
    for (const symbol of symbols) {
      const price = this.pricesUsd[symbol];
      if (price !== undefined)
        rates[symbol.toUpperCase()] = formatAmount(
          parsePositiveAmount(price).pow(-1).toSignificantDigits(20),
        );
    }
    sendJson(res, 200, { data: { currency: 'USD', rates } });
  }

  protected rateLimitedBody(): unknown {
    return { errors: [{ id: 'rate_limit_exceeded', message: 'Too many requests' }] };
  }
}
