import type { ErrorObject } from 'ajv';
import type { Schema } from '../../messages/schema-builders';
import { validatorFor } from '../../validation';
import { COERCE, RULE } from './fields';
import {
  alphaCreatePaymentBody,
  alphaExchangeRateParams,
  alphaBlockWalletBody,
  alphaPaymentQrBody,
  alphaWalletQrBody,
  alphaCreateWalletBody,
  alphaPaymentInfoBody,
  alphaPaymentListBody,
  alphaRefundBody,
  alphaPaymentListQuery,
} from './requests.schemas';

/** Failing fields with their Laravel rule keys, e.g. `{lifetime: ["validation.min.numeric"]}`. */
export type AlphaFieldErrors = Record<string, string[]>;

export type AlphaCheck<T> = { ok: true; value: T } | { ok: false; errors: AlphaFieldErrors };

export interface AlphaValidator<T> {
  readonly schema: Schema;
  /** Validates a copy of `value` whose `x-coerce` fields were read in their declared type. */
  check(value: unknown): AlphaCheck<T>;
}

export type AlphaInput = Record<string, unknown>;

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

function alphaValidator<T = AlphaInput>(schema: Schema): AlphaValidator<T> {
  const validate = validatorFor(schema);
  return {
    schema,
    check(value) {
      const input = coerceWireForms(schema, value);
      if (validate(input)) return { ok: true, value: input as T };
      return { ok: false, errors: fieldErrors(schema, validate.errors) };
    },
  };
}

function coerceWireForms(schema: Schema, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, field] of Object.entries(properties)) {
    const raw = copy[name];
    if (field[COERCE] === 'number' && typeof raw === 'string' && NUMERIC_TEXT.test(raw))
      copy[name] = Number(raw);
    if (field[COERCE] === 'string' && typeof raw === 'number' && Number.isSafeInteger(raw))
      copy[name] = String(raw);
  }
  return copy;
}

/** Groups ajv errors by top-level field and names each by its Laravel rule, in schema order, without repeats. */
export function fieldErrors(schema: Schema, errors: ErrorObject[] | null | undefined): AlphaFieldErrors {
  const result: AlphaFieldErrors = {};
  for (const error of errors ?? []) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    const field =
      error.keyword === 'required'
        ? String((error.params as { missingProperty: string }).missingProperty)
        : (error.instancePath.split('/')[1] ?? '');
    const key = field === '' ? 'body' : field;
    const rule = `validation.${ruleOf(error, parentSchemaOf(schema, error.schemaPath))}`;
    const rules = (result[key] ??= []);
    if (!rules.includes(rule)) rules.push(rule);
  }
  return result;
}

function ruleOf(error: ErrorObject, parent: Schema): string {
  const annotated = typeof parent[RULE] === 'string' ? (parent[RULE] as string) : null;
  switch (error.keyword) {
    case 'required':
      return annotated ?? 'required';
    case 'minimum':
    case 'exclusiveMinimum':
      return 'min.numeric';
    case 'maximum':
    case 'exclusiveMaximum':
      return 'max.numeric';
    case 'minLength':
      return 'min.string';
    case 'maxLength':
      return 'max.string';
    default:
      return annotated ?? (error.instancePath === '' ? 'array' : error.keyword);
  }
}

/** The schema object holding the failed keyword: "#/properties/amount/pattern" → properties.amount. */
function parentSchemaOf(root: Schema, schemaPath: string): Schema {
  const segments = schemaPath.replace(/^#\/?/, '').split('/').slice(0, -1);
  let node: unknown = root;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return {};
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node !== null && typeof node === 'object' ? (node as Schema) : {};
}

export interface AlphaCreatePaymentInput {
  amount: string | number;
  currency: string;
  order_id: string;
  network?: string | null;
  url_callback?: string | null;
  url_return?: string | null;
  url_success?: string | null;
  is_payment_multiple?: unknown;
  lifetime?: number | null;
  to_currency?: string | null;
  subtract?: number | null;
  accuracy_payment_percent?: number | null;
  additional_data?: string | null;
  discount_percent?: number | null;
  is_refresh?: unknown;
}

export interface AlphaCreateWalletInput {
  network: string;
  currency: string;
  order_id: string;
  url_callback?: string | null;
  from_referral_code?: string | null;
}

export interface AlphaBlockWalletInput {
  uuid?: string | null;
  order_id?: string | null;
  is_force_refund?: unknown;
}

export interface AlphaPaymentInfoInput {
  uuid?: string | null;
  order_id?: string | null;
}

export interface AlphaRefundInput {
  address: string;
  is_subtract: unknown;
  uuid?: string | null;
  order_id?: string | null;
}

export interface AlphaPaymentListInput {
  date_from?: string | null;
  date_to?: string | null;
  cursor?: string | number | null;
}

export const alphaValidators = {
  createPayment: alphaValidator<AlphaCreatePaymentInput>(alphaCreatePaymentBody),
  paymentInfo: alphaValidator<AlphaPaymentInfoInput>(alphaPaymentInfoBody),
  createWallet: alphaValidator<AlphaCreateWalletInput>(alphaCreateWalletBody),
  blockWallet: alphaValidator<AlphaBlockWalletInput>(alphaBlockWalletBody),
  paymentList: alphaValidator<AlphaPaymentListInput>(alphaPaymentListBody),
  paymentQr: alphaValidator<{ merchant_payment_uuid: string }>(alphaPaymentQrBody),
  walletQr: alphaValidator<{ wallet_address_uuid: string }>(alphaWalletQrBody),
  refund: alphaValidator<AlphaRefundInput>(alphaRefundBody),
  paymentListQuery: alphaValidator<{ cursor?: string }>(alphaPaymentListQuery),
  exchangeRateParams: alphaValidator<{ currency: string }>(alphaExchangeRateParams),
};
