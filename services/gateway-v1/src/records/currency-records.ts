import { toJsonNumber } from '@gw/domain';
import type { CryptoCurrency } from '@gw/pricing';

/** Logos are served by us; the catalogue keeps them as paths under the base URL. */
export const absoluteUrl = (baseUrl: string, pathOrUrl: string): string =>
  /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${baseUrl.replace(/\/+$/, '')}/${pathOrUrl.replace(/^\/+/, '')}`;

/** GET /v1/full-currencies: both upstream field sets in one record. */
export interface V1FullCurrency {
  id: number;
  code: string;
  name: string;
  ticker: string;
  network: string;
  blockchain: string;
  chain_code: string;
  decimals: number;
  network_precision: number;
  price_usd: number;
  image: string;
  logo_url: string;
  is_fiat: boolean;
  is_stable: boolean;
  enable: boolean;
  available_for_payment: boolean;
  available_for_to: boolean;
  available_for_from: boolean;
  /** Every payment gets its own address, so no deposit needs a memo. */
  extra_id_exists: boolean;
  smart_contract: string | null;
}

/** `position` is the currency's place in the catalogue, which never reorders: a stable numeric id. */
export function toFullCurrency(crypto: CryptoCurrency, position: number, baseUrl: string): V1FullCurrency {
  const logo = absoluteUrl(baseUrl, crypto.logoUrl);
  return {
    id: position + 1,
    code: crypto.code,
    name: crypto.name,
    ticker: crypto.ticker,
    network: crypto.network,
    blockchain: crypto.networkName,
    chain_code: crypto.network,
    decimals: crypto.decimals,
    network_precision: crypto.chainDecimals,
    price_usd: toJsonNumber(crypto.priceUsd),
    image: logo,
    logo_url: logo,
    is_fiat: false,
    is_stable: crypto.isStable,
    enable: true,
    available_for_payment: true,
    available_for_to: true,
    available_for_from: true,
    extra_id_exists: false,
    smart_contract: crypto.contractAddress,
  };
}

/** GET /v1/merchant/coins items. */
export interface V1MerchantCoin {
  code: string;
  name: string;
  ticker: string;
  network: string;
  blockchain: string;
  chain_code: string;
  decimals: number;
  price_usd: number;
  image: string;
}

export function toMerchantCoin(crypto: CryptoCurrency, baseUrl: string): V1MerchantCoin {
  return {
    code: crypto.code,
    name: crypto.name,
    ticker: crypto.ticker,
    network: crypto.network,
    blockchain: crypto.networkName,
    chain_code: crypto.network,
    decimals: crypto.decimals,
    price_usd: toJsonNumber(crypto.priceUsd),
    image: absoluteUrl(baseUrl, crypto.logoUrl),
  };
}
