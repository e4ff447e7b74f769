import type { Schema } from '../../messages/schema-builders';
import { MAX_MONEY_NUMBER, MONEY_MARK, MONEY_RULE_TEXT, MONEY_TEXT_PATTERN } from '../money-fields';

/**
 * Field schemas of family B (OxaPay-style). A failing field is reported as upstream does, one at a time
 * as `{type, key, message}` with a Laravel sentence ("The lifetime field must be an integer."):
 * `x-rule` names the rule a type, pattern, format or enum failure stands for, bounds speak for
 * themselves. `x-coerce: "number"` fields read numeric strings as numbers before validation, since
 * query strings and the WooCommerce plugin send numbers and flags as text.
 */
export const RULE = 'x-rule';
export const COERCE = 'x-coerce';

export function amountInput(description: string): Schema {
  return {
    description: `${description} A JSON number or a numeric string such as "10.00". ${MONEY_RULE_TEXT}`,
    type: ['number', 'string'],
    pattern: MONEY_TEXT_PATTERN,
    exclusiveMinimum: 0,
    maximum: MAX_MONEY_NUMBER,
    examples: [10, '10.00'],
    [RULE]: 'numeric',
    [MONEY_MARK]: true,
  };
}

export function numberInput(
  description: string,
  bounds: { minimum: number; maximum?: number; integer?: boolean },
): Schema {
  return {
    description: `${description} A number or a numeric string.`,
    type: [bounds.integer ? 'integer' : 'number', 'null'],
    minimum: bounds.minimum,
    ...(bounds.maximum !== undefined ? { maximum: bounds.maximum } : {}),
    [RULE]: bounds.integer ? 'integer' : 'numeric',
    [COERCE]: 'number',
  };
}

export function textInput(description: string, maxLength: number, extra: Schema = {}): Schema {
  return { description, type: ['string', 'null'], maxLength, [RULE]: 'string', ...extra };
}

export function urlInput(description: string): Schema {
  return {
    description: `${description} Absolute http(s) URL.`,
    type: ['string', 'null'],
    maxLength: 2048,
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$',
    [RULE]: 'url',
  };
}

const FLAG_SPELLINGS = [true, false, 1, 0, '1', '0', 'true', 'false', 'True', 'False', null];

/** A flag as JSON boolean, 0/1, or the strings the WooCommerce plugin sends ("0"/"1"). */
export function flagInput(description: string): Schema {
  return {
    description: `${description} true/false, 0/1, "0"/"1" or "true"/"false".`,
    type: ['boolean', 'integer', 'string', 'null'],
    enum: FLAG_SPELLINGS,
    [RULE]: 'boolean',
  };
}

export function flagValue(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  return value === true || value === 1 || value === '1' || String(value).toLowerCase() === 'true';
}

export function enumInput(description: string, values: readonly string[]): Schema {
  return {
    description: `${description} One of ${values.join(', ')}.`,
    type: ['string', 'null'],
    enum: [...values, null],
    [RULE]: 'in',
  };
}

// ---------------------------------------------------------------------------------------------
// Response fields

export const text = (description: string, extra: Schema = {}): Schema => ({
  type: 'string',
  description,
  ...extra,
});
export const numberField = (description: string, extra: Schema = {}): Schema => ({
  type: 'number',
  description,
  ...extra,
});
export const integerField = (description: string, extra: Schema = {}): Schema => ({
  type: 'integer',
  description,
  ...extra,
});

export function closedObject(description: string, properties: Record<string, Schema>): Schema {
  return {
    type: 'object',
    description,
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}
