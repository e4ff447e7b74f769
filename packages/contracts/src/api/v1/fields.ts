import { PAYMENT_STATUSES } from '@gw/domain';
import type { Schema } from '../../messages/schema-builders';
import { MAX_MONEY_NUMBER, MONEY_MARK, MONEY_RULE_TEXT, MONEY_TEXT_PATTERN } from '../money-fields';

/**
 * Field schemas of the V1 API. Requests accept what real NOWPayments clients send (numbers as JSON
 * numbers or numeric strings, booleans in several spellings, null for "not given"); responses are
 * exact. `x-message` is the 400 message shown when the field fails validation.
 */
export const MAX_AMOUNT = MAX_MONEY_NUMBER;
const BOOLEAN_TEXTS = ['true', 'false', 'True', 'False', 'TRUE', 'FALSE', '1', '0'];

export const nullValue: Schema = { type: 'null' };

/** A positive money amount, sent as a JSON number or a numeric string ("10.00"). */
export function positiveAmountInput(
  field: string,
  description: string,
  options: { nullable?: boolean } = {},
): Schema {
  return {
    description: `${description} A JSON number or a numeric string such as "10.00". ${MONEY_RULE_TEXT}`,
    anyOf: [
      { type: 'number', exclusiveMinimum: 0, maximum: MAX_AMOUNT },
      { type: 'string', pattern: MONEY_TEXT_PATTERN, maxLength: 52 },
      ...(options.nullable ? [nullValue] : []),
    ],
    examples: [100, '10.00'],
    'x-message': `${field} must be a positive number`,
    [MONEY_MARK]: true,
  };
}

/** A positive amount carried in a query string. */
export function positiveAmountQuery(field: string, description: string): Schema {
  return {
    type: 'string',
    description: `${description} ${MONEY_RULE_TEXT}`,
    pattern: MONEY_TEXT_PATTERN,
    maxLength: 52,
    examples: ['100', '0.5'],
    'x-message': `${field} must be a positive number`,
    [MONEY_MARK]: true,
  };
}

/** true/false as JSON booleans, 0/1, or the strings "true"/"false"/"True"/"False"/"1"/"0". */
export function flagInput(field: string, description: string): Schema {
  return {
    description: `${description} Accepts true/false, "true"/"false", "True"/"False", 0/1 and "0"/"1".`,
    anyOf: [
      { type: 'boolean' },
      { type: 'integer', enum: [0, 1] },
      { type: 'string', enum: BOOLEAN_TEXTS },
      nullValue,
    ],
    'x-message': `${field} must be a boolean (true or false)`,
  };
}

/** A boolean flag in a query string. */
export function flagQuery(field: string, description: string): Schema {
  return {
    type: 'string',
    description,
    enum: BOOLEAN_TEXTS,
    'x-message': `${field} must be true or false`,
  };
}

export function currencyCodeInput(
  field: string,
  description: string,
  options: { nullable?: boolean } = {},
): Schema {
  const code: Schema = { type: 'string', minLength: 1, maxLength: 32, pattern: '^\\s*[A-Za-z0-9]+\\s*$' };
  return {
    description: `${description} Lowercase or uppercase ticker code, e.g. "btc", "usdttrc20", "usd".`,
    ...(options.nullable ? { anyOf: [code, nullValue] } : code),
    examples: ['btc'],
    'x-message': `${field} must be a currency code such as "btc" or "usd"`,
  };
}

export function textInput(
  field: string,
  description: string,
  maxLength: number,
  options: { acceptNumber?: boolean } = {},
): Schema {
  const text: Schema = { type: 'string', maxLength };
  return {
    description,
    anyOf: options.acceptNumber ? [text, { type: 'number' }, nullValue] : [text, nullValue],
    'x-message': `${field} must be a string of at most ${maxLength} characters`,
  };
}

/** An absolute http(s) URL; an empty string counts as "not given", as some clients send it. */
export function urlInput(field: string, description: string): Schema {
  return {
    description: `${description} Absolute http or https URL.`,
    anyOf: [
      { type: 'string', format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$', maxLength: 2048 },
      { type: 'string', maxLength: 0 },
      nullValue,
    ],
    examples: ['https://shop.example/ipn'],
    'x-message': `${field} must be an absolute http(s) URL of at most 2048 characters`,
  };
}

export function positiveIntegerInput(field: string, description: string): Schema {
  return {
    description: `${description} A JSON integer or a string of digits.`,
    anyOf: [
      { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      { type: 'string', pattern: '^\\s*0*[1-9][0-9]{0,14}\\s*$' },
      nullValue,
    ],
    'x-message': `${field} must be a positive integer`,
  };
}

// ---------------------------------------------------------------------------------------------
// Response fields

export const timestampField = (description: string): Schema => ({
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
  description: `${description} ISO 8601 with milliseconds and Z.`,
  examples: ['2025-01-01T12:00:00.000Z'],
});

export const paymentStatusField: Schema = {
  type: 'string',
  enum: [...PAYMENT_STATUSES],
  description: 'V1 payment status.',
};

export const numberField = (description: string): Schema => ({ type: 'number', description });
export const stringField = (description: string, extra: Schema = {}): Schema => ({
  type: 'string',
  description,
  ...extra,
});
export const nullableStringField = (description: string): Schema => ({
  type: ['string', 'null'],
  description,
});
export const booleanField = (description: string): Schema => ({ type: 'boolean', description });
export const integerField = (description: string, extra: Schema = {}): Schema => ({
  type: 'integer',
  description,
  ...extra,
});

/** Closed response object; `optional` lists properties that may be absent. */
export function responseObject(
  description: string,
  properties: Record<string, Schema>,
  optional: readonly string[] = [],
): Schema {
  return {
    type: 'object',
    description,
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    additionalProperties: false,
  };
}
