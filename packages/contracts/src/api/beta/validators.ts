import type { ErrorObject } from 'ajv';
import type { Schema } from '../../messages/schema-builders';
import { validatorFor } from '../../validation';
import { COERCE, RULE } from './fields';
import {
  BETA_CASE_INSENSITIVE_QUERY,
  betaCreateInvoiceBody,
  betaCreateStaticAddressBody,
  betaCreateWhiteLabelBody,
  betaPaymentListQuery,
  betaRevokeStaticAddressBody,
  betaStaticAddressListQuery,
} from './requests.schemas';

/** The one failure family B reports: the field at fault and a Laravel sentence about it. */
export interface BetaProblem {
  key: string;
  message: string;
}

export type BetaCheck<T> = { ok: true; value: T } | { ok: false; problem: BetaProblem };

export interface BetaValidator<T> {
  readonly schema: Schema;
  check(value: unknown): BetaCheck<T>;
}

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

function betaValidator<T>(schema: Schema, lowercase: readonly string[] = []): BetaValidator<T> {
  const validate = validatorFor(schema);
  return {
    schema,
    check(value) {
      const input = normalize(schema, value, lowercase);
      if (validate(input)) return { ok: true, value: input as T };
      return { ok: false, problem: firstProblem(schema, validate.errors) };
    },
  };
}

function normalize(schema: Schema, value: unknown, lowercase: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, field] of Object.entries(properties)) {
    const raw = copy[name];
    if (typeof raw !== 'string') continue;
    if (field[COERCE] === 'number' && NUMERIC_TEXT.test(raw)) copy[name] = Number(raw);
    else if (lowercase.includes(name)) copy[name] = raw.toLowerCase();
  }
  return copy;
}

/** Laravel checks `required`, then the field's type, then its bounds; fields in the schema's order. */
const PRIORITY = ['required', 'type', 'pattern', 'format', 'enum'];
/** An empty string is a missing value to Laravel, so a failed `minLength: 1` ranks as `required`. */
function priorityOf(error: ErrorObject): number {
  if (error.keyword === 'minLength' && (error.params as { limit?: number }).limit === 1) return 0;
  return PRIORITY.includes(error.keyword) ? PRIORITY.indexOf(error.keyword) : PRIORITY.length;
}

export function firstProblem(schema: Schema, errors: ErrorObject[] | null | undefined): BetaProblem {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const order = Object.keys(properties);
  const candidates = (errors ?? []).map((error) => ({ error, field: fieldOf(error) }));
  candidates.sort(
    (a, b) => rank(order, a.field) - rank(order, b.field) || priorityOf(a.error) - priorityOf(b.error),
  );
  const first = candidates[0];
  if (!first || first.field === '')
    return { key: 'body', message: 'The request body must be a JSON object.' };
  return { key: first.field, message: sentence(first.field, first.error, properties[first.field] ?? {}) };
}

const rank = (order: string[], field: string): number =>
  order.includes(field) ? order.indexOf(field) : order.length;

function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required')
    return String((error.params as { missingProperty: string }).missingProperty);
  return error.instancePath.split('/')[1] ?? '';
}

function sentence(field: string, error: ErrorObject, property: Schema): string {
  const attribute = field.replace(/_/g, ' ');
  const limit = (error.params as { limit?: number }).limit;
  switch (error.keyword) {
    case 'required':
      return `The ${attribute} field is required.`;
    case 'minimum':
      return `The ${attribute} field must be at least ${limit}.`;
    case 'exclusiveMinimum':
      return `The ${attribute} field must be greater than ${limit}.`;
    case 'maximum':
      return `The ${attribute} field must not be greater than ${limit}.`;
    case 'minLength':
      return limit === 1
        ? `The ${attribute} field is required.`
        : `The ${attribute} field must be at least ${limit} characters.`;
    case 'maxLength':
      return `The ${attribute} field must not be greater than ${limit} characters.`;
    default:
      return ruleSentence(attribute, ruleOf(property, error.keyword));
  }
}

/** `x-rule` is one rule for every type/pattern/format/enum failure, or a rule per keyword. */
function ruleOf(property: Schema, keyword: string): string {
  const rule = property[RULE];
  if (typeof rule === 'string') return rule;
  if (rule !== null && typeof rule === 'object')
    return String((rule as Record<string, string>)[keyword] ?? 'in');
  return 'in';
}

function ruleSentence(attribute: string, rule: string): string {
  switch (rule) {
    case 'integer':
      return `The ${attribute} field must be an integer.`;
    case 'numeric':
      return `The ${attribute} field must be a number.`;
    case 'string':
      return `The ${attribute} field must be a string.`;
    case 'boolean':
      return `The ${attribute} field must be true or false.`;
    case 'url':
      return `The ${attribute} field must be a valid URL.`;
    case 'email':
      return `The ${attribute} field must be a valid email address.`;
    default:
      return `The selected ${attribute} is invalid.`;
  }
}

export interface BetaCreateInvoiceInput {
  amount: string | number;
  currency: string;
  lifetime?: number | null;
  fee_paid_by_payer?: number | string | boolean | null;
  under_paid_coverage?: number | null;
  to_currency?: string | null;
  auto_withdrawal?: unknown;
  mixed_payment?: unknown;
  callback_url?: string | null;
  return_url?: string | null;
  email?: string | null;
  order_id?: string | number | null;
  thanks_message?: string | null;
  description?: string | null;
  sandbox?: unknown;
}

export interface BetaCreateWhiteLabelInput {
  pay_currency: string;
  amount: string | number;
  currency?: string | null;
  network?: string | null;
  lifetime?: number | null;
  fee_paid_by_payer?: number | string | boolean | null;
  under_paid_coverage?: number | null;
  to_currency?: string | null;
  auto_withdrawal?: unknown;
  callback_url?: string | null;
  email?: string | null;
  order_id?: string | number | null;
  description?: string | null;
}

export interface BetaCreateStaticAddressInput {
  network: string;
  to_currency?: string | null;
  auto_withdrawal?: unknown;
  callback_url?: string | null;
  email?: string | null;
  order_id?: string | number | null;
  description?: string | null;
}

export interface BetaRevokeStaticAddressInput {
  address: string;
  network?: string | null;
}

export interface BetaStaticAddressListInput {
  track_id?: string | null;
  network?: string | null;
  currency?: string | null;
  address?: string | null;
  have_tx?: unknown;
  order_id?: string | null;
  email?: string | null;
  page?: number | null;
  size?: number | null;
}

export interface BetaPaymentListInput {
  track_id?: string | null;
  type?: string | null;
  status?: string | null;
  pay_currency?: string | null;
  currency?: string | null;
  network?: string | null;
  address?: string | null;
  from_date?: number | null;
  to_date?: number | null;
  from_amount?: number | null;
  to_amount?: number | null;
  sort_by?: string | null;
  sort_type?: string | null;
  page?: number | null;
  size?: number | null;
}

export const betaValidators = {
  createInvoice: betaValidator<BetaCreateInvoiceInput>(betaCreateInvoiceBody),
  createWhiteLabel: betaValidator<BetaCreateWhiteLabelInput>(betaCreateWhiteLabelBody),
  createStaticAddress: betaValidator<BetaCreateStaticAddressInput>(betaCreateStaticAddressBody),
  revokeStaticAddress: betaValidator<BetaRevokeStaticAddressInput>(betaRevokeStaticAddressBody),
  staticAddressList: betaValidator<BetaStaticAddressListInput>(betaStaticAddressListQuery),
  paymentList: betaValidator<BetaPaymentListInput>(betaPaymentListQuery, BETA_CASE_INSENSITIVE_QUERY),
};
