import type { Catalogue, CryptoCurrency, Network } from './currency';
import { NotACryptoCurrencyError, UnknownCurrencyError } from './errors';
import { curatedCryptoCurrencies } from './crypto-catalogue';
import { curatedFiatCurrencies } from './fiat-catalogue';
import { curatedNetworks } from './networks';

export const curatedCatalogue: Catalogue = {
  pricedAt: '2025-11-20T00:00:00.000Z',
  networks: curatedNetworks,
  cryptoCurrencies: curatedCryptoCurrencies,
  fiatCurrencies: curatedFiatCurrencies,
};

export function findNetwork(code: string, catalogue: Catalogue = curatedCatalogue): Network | null {
  const wanted = code.toLowerCase();
  return catalogue.networks.find((network) => network.code === wanted) ?? null;
}

/** A catalogue crypto by code or alias, case-insensitive, without prices attached. */
export function lookupCryptoCurrency(code: string, catalogue: Catalogue = curatedCatalogue): CryptoCurrency {
  const wanted = code.trim().toLowerCase();
  const found = catalogue.cryptoCurrencies.find(
    (crypto) => crypto.code === wanted || crypto.aliases.includes(wanted),
  );
  if (found) return found;
  if (catalogue.fiatCurrencies.some((fiat) => fiat.code === wanted))
    throw new NotACryptoCurrencyError(wanted);
  throw new UnknownCurrencyError(code);
}
