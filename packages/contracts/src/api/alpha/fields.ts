import type { Schema } from '../../messages/schema-builders';
import { MAX_MONEY_NUMBER, MONEY_MARK, MONEY_RULE_TEXT, MONEY_TEXT_PATTERN } from '../money-fields';

/**
 * Field schemas of family A (Cryptomus-style). Failures are reported as Laravel rule keys
 * (`validation.required`, `validation.max.string`, ...), as upstream does: `x-rule` names the rule a
 * type, pattern, format or enum failure stands for; bounds map to min/max rules by themselves.
 * `x-coerce: "number"` marks fields whose numeric strings ("3600", "2.5") are read as numbers before
 * validation, so that their bounds apply to both wire forms; `x-coerce: "string"` reads an integer as
 * its digits.
 */
export const RULE = 'x-rule';
export const COERCE = 'x-coerce';

/** 8-decimal money strings, as upstream prints every amount. */
export const MONEY_PATTERN = '^-?\\d+\\.\\d{8}$';
/** Laravel's alpha_dash: letters, marks, digits, dashes and underscores. */
export const ALPHA_DASH_PATTERN = '^[\\p{L}\\p{M}\\p{N}_-]+$';

const nullType = (types: string[], nullable: boolean): string[] => (nullable ? [...types, 'null'] : types);

/** A positive amount as a JSON number or a decimal string ("10.28"); kept exact, never coerced. */
export function amountInput(description: string): Schema {
  return {
    description: `${description} A decimal string such as "10.28" or a JSON number. ${MONEY_RULE_TEXT}`,
    type: ['string', 'number'],
    pattern: MONEY_TEXT_PATTERN,
    exclusiveMinimum: 0,
    maximum: MAX_MONEY_NUMBER,
    examples: ['10.28', 15],
    [RULE]: 'numeric',
    [MONEY_MARK]: true,
  };
}

/** A number within bounds, as a JSON number or a numeric string. */
export function numberInput(
  description: string,
  bounds: { minimum: number; maximum: number; integer?: boolean },
): Schema {
  return {
    description: `${description} From ${bounds.minimum} to ${bounds.maximum}; a JSON number or a numeric string.`,
    type: nullType([bounds.integer ? 'integer' : 'number'], true),
    minimum: bounds.minimum,
    maximum: bounds.maximum,
    [RULE]: bounds.integer ? 'integer' : 'numeric',
    [COERCE]: 'number',
  };
}

export function stringInput(
  description: string,
  bounds: { minLength?: number; maxLength: number; pattern?: string; rule?: string; nullable?: boolean },
): Schema {
  return {
    description,
    type: nullType(['string'], bounds.nullable ?? true),
    ...(bounds.minLength !== undefined ? { minLength: bounds.minLength } : {}),
    maxLength: bounds.maxLength,
    ...(bounds.pattern ? { pattern: bounds.pattern } : {}),
    [RULE]: bounds.rule ?? 'string',
  };
}

/** An absolute http(s) URL of 6 to 255 characters. */
export function urlInput(description: string): Schema {
  return {
    description: `${description} Absolute http(s) URL, 6 to 255 characters.`,
    type: ['string', 'null'],
    minLength: 6,
    maxLength: 255,
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$',
    examples: ['https://shop.example/callback'],
    [RULE]: 'url',
  };
}

const BOOLEAN_SPELLINGS = [true, false, 'true', 'false', 'True', 'False', '1', '0', 1, 0, null];

/** A flag as upstream clients spell it: true/false, "true"/"false", 0/1, "0"/"1". */
export function flagInput(description: string, { nullable = true }: { nullable?: boolean } = {}): Schema {
  return {
    description: `${description} true/false, "true"/"false", 0/1 or "0"/"1".`,
    type: nullType(['boolean', 'string', 'integer'], nullable),
    enum: nullable ? BOOLEAN_SPELLINGS : BOOLEAN_SPELLINGS.filter((spelling) => spelling !== null),
    [RULE]: 'boolean',
  };
}

/** Reads a flag sent in any accepted spelling. */
export function flagValue(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  return value === true || value === 1 || value === '1' || String(value).toLowerCase() === 'true';
}

// ---------------------------------------------------------------------------------------------
// Response fields

export const money = (description: string): Schema => ({
  type: 'string',
  pattern: MONEY_PATTERN,
  description: `${description} Decimal string with 8 decimals.`,
  examples: ['10.00000000'],
});

export const text = (description: string, extra: Schema = {}): Schema => ({
  type: 'string',
  description,
  ...extra,
});
export const nullableText = (description: string): Schema => ({ type: ['string', 'null'], description });

/** ISO 8601 with an explicit UTC offset and no fraction, as upstream prints timestamps. */
export const offsetTimestamp = (description: string): Schema => ({
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+00:00$',
  description: `${description} ISO 8601 with a +00:00 offset.`,
  examples: ['2025-01-01T12:00:00+00:00'],
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
