import { coinList, currencyCode, email, NOT_BLANK, nullable } from '@gw/application';

/**
 * Request bodies of the admin API. Unknown fields are refused, so an operator's typo
 * (`enabled_coin`) is an error instead of a silently ignored setting. The plan and subscription bodies,
 * which the dashboard's forms share, are in @gw/application (subscription-plans).
 */

export interface CreateMerchantBody {
  name: string;
  email?: string | null;
  enabled_coins?: string[] | null;
  outcome_currency?: string | null;
}

export const createMerchantSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: NOT_BLANK },
    email: nullable(email),
    enabled_coins: nullable(coinList),
    outcome_currency: nullable(currencyCode),
  },
};

export interface SetCoinsBody {
  enabled_coins: string[] | null;
}

export const setCoinsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled_coins'],
  properties: { enabled_coins: nullable(coinList) },
};

export interface SetOutcomeCurrencyBody {
  outcome_currency: string | null;
}

export const setOutcomeCurrencySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome_currency'],
  properties: { outcome_currency: nullable(currencyCode) },
};

export interface SetWalletBody {
  /** An extended public key (xpub, zpub, tpub, vpub) or a descriptor `wpkh(<key>/0/*)`. */
  extended_public_key: string;
}

export const setWalletSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['extended_public_key'],
  properties: { extended_public_key: { type: 'string', minLength: 1, maxLength: 1000, pattern: NOT_BLANK } },
};
