import { canTakeMoneyIn, toJsonNumber, type PayableCoins } from '@gw/domain';
import type { CryptoCurrency, RatesService } from '@gw/pricing';
import { betaSymbol } from '@gw/families';

interface BetaNetwork {
  network: string;
  name: string;
  required_confirmations: number;
  withdraw_fee: number;
  withdraw_min: number;
  deposit_min: number;
  static_fixed_fee: number;
}

interface BetaCurrency {
  symbol: string;
  name: string;
  status: boolean;
  networks: Record<string, BetaNetwork>;
}

/** "Tether USD (TRC-20)" → "Tether USD": the coin's name without the network it is listed on. */
const coinName = (crypto: CryptoCurrency): string => crypto.name.replace(/\s*\([^)]*\)\s*$/, '');

/**
 * GET /beta/v1/common/currencies: one entry per symbol, its catalogue listings as networks keyed by
 * network name. The catalogue has no separate payout minimum, so withdraw_min repeats deposit_min;
 * no static addresses are offered, so static_fixed_fee is 0. Only coins that can take money now
 * are listed: every one in the sandbox, outside it those a watcher follows.
 */
export function betaCurrencies(rates: RatesService, payable: PayableCoins): Record<string, BetaCurrency> {
  const currencies: Record<string, BetaCurrency> = {};
  for (const crypto of rates.cryptoCurrencies()) {
    if (!canTakeMoneyIn(payable, crypto)) continue;
    const symbol = betaSymbol(crypto);
    const entry = (currencies[symbol] ??= { symbol, name: coinName(crypto), status: true, networks: {} });
    entry.networks[crypto.networkName] = {
      network: crypto.networkName,
      name: crypto.networkName,
      required_confirmations: crypto.requiredConfirmations,
      withdraw_fee: toJsonNumber(crypto.withdrawFee),
      withdraw_min: toJsonNumber(crypto.depositMin),
      deposit_min: toJsonNumber(crypto.depositMin),
      static_fixed_fee: 0,
    };
  }
  return currencies;
}

/** GET /beta/v1/common/fiats: each fiat with the US dollars one unit buys. */
export function betaFiats(rates: RatesService) {
  return Object.fromEntries(
    rates.fiatCurrencies().map((fiat) => {
      const symbol = betaSymbol(fiat);
      return [
        symbol,
        {
          symbol,
          name: fiat.name,
          price: toJsonNumber(rates.exchangeRate(fiat.code, 'usd')),
          display_precision: fiat.displayPrecision,
        },
      ];
    }),
  );
}

/**
 * GET /beta/v1/common/prices: each payable coin's symbol with the US dollars one unit buys, from the
 * rates service (a symbol listed on several networks, such as USDT, has one price: its first listing's).
 */
export function betaPrices(rates: RatesService, payable: PayableCoins): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const crypto of rates.cryptoCurrencies()) {
    if (!canTakeMoneyIn(payable, crypto)) continue;
    const symbol = betaSymbol(crypto);
    if (prices[symbol] === undefined) prices[symbol] = toJsonNumber(rates.exchangeRate(crypto.code, 'usd'));
  }
  return prices;
}

/** GET /beta/v1/common/networks: the names of the networks payments can be made on, each once. */
export function betaNetworks(rates: RatesService, payable: PayableCoins): { list: string[] } {
  const list = new Set<string>();
  for (const crypto of rates.cryptoCurrencies()) {
    if (canTakeMoneyIn(payable, crypto)) list.add(crypto.networkName);
  }
  return { list: [...list] };
}
