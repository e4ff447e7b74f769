import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Schema } from '../../messages/schema-builders';
import { validatorFor } from '../../validation';
import {
  createInvoiceBody,
  createInvoicePaymentBody,
  createPaymentBody,
  currenciesQuery,
  estimateQuery,
  invoicePaymentQuery,
  minAmountQuery,
  paymentListQuery,
  planListQuery,
  subscriptionListQuery,
} from './requests.schemas';

/**
 * Query strings carry every value as text, so they are checked by an ajv that coerces "10" to 10 and
 * fills declared defaults. Bodies are checked without coercion: their schemas spell out each accepted
 * wire form, and the gateway converts amounts to exact decimals itself.
 */
const queryAjv = addFormats(
  new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true }),
);

export interface V1Validator<T> {
  readonly schema: Schema;
  /** Validates `value` (query validators also coerce it and fill defaults in place). */
  check(value: unknown): { ok: true; value: T } | { ok: false; problem: FieldProblem };
}

export interface FieldProblem {
  field: string | null;
  message: string;
}

function validator<T>(schema: Schema, compiled: ValidateFunction): V1Validator<T> {
  return {
    schema,
    check(value) {
      if (compiled(value)) return { ok: true, value: value as T };
      return { ok: false, problem: firstProblem(schema, compiled.errors) };
    },
  };
}

const bodyValidator = <T>(schema: Schema) => validator<T>(schema, validatorFor(schema));
const queryValidator = <T>(schema: Schema) => validator<T>(schema, queryAjv.compile(schema));

/** The message of the first failing field: its `x-message`, or a sentence naming it. */
export function firstProblem(schema: Schema, errors: ErrorObject[] | null | undefined): FieldProblem {
  const error = errors?.[0];
  if (!error) return { field: null, message: 'Request is invalid' };
  if (error.keyword === 'required') {
    const field = String((error.params as { missingProperty: string }).missingProperty);
    return { field, message: `${field} is required` };
  }
  const field = error.instancePath.split('/')[1];
  if (field === undefined || field === '') {
    return {
      field: null,
      message:
        error.keyword === 'type'
          ? 'Request body must be a JSON object'
          : `Request ${error.message ?? 'is invalid'}`,
    };
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const message = properties[field]?.['x-message'];
  return {
    field,
    message: typeof message === 'string' ? message : `${field} ${error.message ?? 'is invalid'}`,
  };
}

export type RawBody = Record<string, unknown>;
export type RawQuery = Record<string, unknown>;

export interface PaymentListQuery {
  limit: number;
  page: number;
  sortBy: string;
  orderBy: 'asc' | 'desc';
  dateFrom?: string;
  dateTo?: string;
  invoiceId?: string;
}

export interface SubscriptionListQuery {
  status?: string;
  subscription_plan_id?: number;
  is_active?: 'true' | 'false';
  limit: number;
  offset: number;
}

export interface PlanListQuery {
  limit: number;
  offset: number;
}

export const v1Validators = {
  createPayment: bodyValidator<RawBody>(createPaymentBody),
  createInvoice: bodyValidator<RawBody>(createInvoiceBody),
  createInvoicePayment: bodyValidator<RawBody>(createInvoicePaymentBody),
  currenciesQuery: queryValidator<RawQuery>(currenciesQuery),
  estimateQuery: queryValidator<{ amount: string; currency_from: string; currency_to: string }>(
    estimateQuery,
  ),
  minAmountQuery: queryValidator<{
    currency_from: string;
    currency_to?: string;
    fiat_equivalent?: string;
    is_fixed_rate?: string;
    is_fee_paid_by_user?: string;
  }>(minAmountQuery),
  paymentListQuery: queryValidator<PaymentListQuery>(paymentListQuery),
  invoicePaymentQuery: queryValidator<{ invoiceId: string }>(invoicePaymentQuery),
  subscriptionListQuery: queryValidator<SubscriptionListQuery>(subscriptionListQuery),
  planListQuery: queryValidator<PlanListQuery>(planListQuery),
};
