import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@gw/domain';

/**
 * Request bodies of the admin API. Unknown fields are refused, so an operator's typo
 * (`enabled_coin`) is an error instead of a silently ignored setting.
 */

const NOT_BLANK = '\\S';
const CURRENCY_CODE = '^[A-Za-z0-9]+$';
const HTTP_URL = '^[Hh][Tt][Tt][Pp][Ss]?://';
const DECIMAL = '^[0-9]+(\\.[0-9]+)?$';

/** How a failed `pattern` reads to an operator. */
export const PATTERN_MEANINGS: Record<string, string> = {
  [NOT_BLANK]: 'must not be blank',
  [CURRENCY_CODE]: 'must be a currency code (letters and digits)',
  [HTTP_URL]: 'must be an http or https URL',
  [DECIMAL]: 'must be a decimal number such as 9.99',
};

/** Type-specific keywords (pattern, minItems, format) only apply to their own type, so null passes them. */
const nullable = (schema: { type: string } & Record<string, unknown>) => ({
  ...schema,
  type: [schema.type, 'null'],
});
const currencyCode = { type: 'string', minLength: 1, maxLength: 32, pattern: CURRENCY_CODE };
const coinList = { type: 'array', minItems: 1, maxItems: 500, items: currencyCode };
const httpUrl = { type: 'string', maxLength: 2048, format: 'uri', pattern: HTTP_URL };
const email = { type: 'string', maxLength: 254, format: 'email' };
/** A positive amount as a JSON number or a decimal string (exact, for amounts a float cannot hold). */
const decimalAmount = { type: ['number', 'string'], exclusiveMinimum: 0, maxLength: 40, pattern: DECIMAL };

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

export interface CreatePlanBody {
  title: string;
  amount: number | string;
  currency: string;
  interval_day: number;
  success_url?: string | null;
  cancel_url?: string | null;
  partially_paid_url?: string | null;
  ipn_callback_url?: string | null;
}

export const createPlanSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'amount', 'currency', 'interval_day'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 255, pattern: NOT_BLANK },
    amount: decimalAmount,
    currency: currencyCode,
    interval_day: { type: 'integer', minimum: 1, maximum: 3650 },
    success_url: nullable(httpUrl),
    cancel_url: nullable(httpUrl),
    partially_paid_url: nullable(httpUrl),
    ipn_callback_url: nullable(httpUrl),
  },
};

export interface CreateSubscriptionBody {
  subscription_plan_id: number;
  email: string;
}

export const createSubscriptionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['subscription_plan_id', 'email'],
  properties: {
    subscription_plan_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    email,
  },
};

export interface ChangeSubscriptionStatusBody {
  status: SubscriptionStatus;
}

export const changeSubscriptionStatusSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: [...SUBSCRIPTION_STATUSES] } },
};

export interface RefundBody {
  refund_hash?: string | null;
}

export const refundSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { refund_hash: nullable({ type: 'string', minLength: 1, maxLength: 200 }) },
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
