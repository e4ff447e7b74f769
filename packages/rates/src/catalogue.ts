import type { Catalogue, Network } from './currency';
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
