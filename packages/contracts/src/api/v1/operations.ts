import type { Schema } from '../../messages/schema-builders';
import type { OperationLink, OperationResponse } from '../operation-links';
import {
  createInvoiceBody,
  createInvoicePaymentBody,
  createPaymentBody,
  currenciesQuery,
  estimateQuery,
  invoicePaymentQuery,
  minAmountQuery,
  paymentIdParam,
  paymentListQuery,
  planIdParam,
  planListQuery,
  subscriptionIdParam,
  subscriptionListQuery,
} from './requests.schemas';
import {
  createdPaymentSchema,
  currenciesSchema,
  errorSchema,
  estimateSchema,
  estimateUpdateSchema,
  fullCurrenciesSchema,
  invoiceNoPaymentSchema,
  invoicePaymentSchema,
  invoiceRecordSchema,
  merchantCoinsSchema,
  minAmountSchema,
  onePlanSchema,
  oneSubscriptionSchema,
  paymentListSchema,
  paymentRecordSchema,
  planListSchema,
  statusSchema,
  subscriptionListSchema,
} from './responses.schemas';

export interface V1Operation {
  operationId: string;
  method: 'get' | 'post';
  /** OpenAPI path template. */
  path: string;
  summary: string;
  /** Requires the `x-api-key` header. */
  auth: boolean;
  /** Takes an optional `Idempotency-Key` header. */
  idempotent: boolean;
  pathParams?: Record<string, Schema>;
  query?: Schema;
  /** JSON or form-encoded body. */
  body?: Schema;
  responses: Record<number, OperationResponse>;
}

const error = (description: string) => ({ description, schema: errorSchema });
const byPaymentId = (operationId: string): OperationLink => ({
  operationId,
  parameters: { payment_id: '$response.body#/payment_id' },
});
/** A created payment leads to its lookup and its estimate update. */
const paymentLinks = {
  GetPayment: byPaymentId('getPayment'),
  UpdateMerchantEstimate: byPaymentId('updateMerchantEstimate'),
};
const authErrors = {
  401: error('x-api-key is missing or empty (AUTH_REQUIRED).'),
  403: error('x-api-key is not a known key (INVALID_API_KEY).'),
};
const createErrors = {
  400: error('A field is missing or invalid (INVALID_REQUEST_PARAMS), naming the field.'),
  ...authErrors,
  409: error('The Idempotency-Key was used with another body, or its first request is still running.'),
  413: error('Body larger than the configured limit.'),
  415: error('Content-Type other than application/json or application/x-www-form-urlencoded.'),
  503: error('Payments did not answer.'),
  504: error('Payments did not answer in time.'),
};

const rateLimited = {
  429: error(
    'Over the RATE_LIMIT_V1 requests of this minute (TOO_MANY_REQUESTS); Retry-After gives the seconds to wait.',
  ),
};

const OPERATIONS: V1Operation[] = [
  {
    operationId: 'getStatus',
    method: 'get',
    path: '/v1/status',
    summary: 'API health check; answers without a key.',
    auth: false,
    idempotent: false,
    responses: { 200: { description: 'The API is up.', schema: statusSchema } },
  },
  {
    operationId: 'getCurrencies',
    method: 'get',
    path: '/v1/currencies',
    summary: 'Codes of every currency a payment can be made in.',
    auth: false,
    idempotent: false,
    query: currenciesQuery,
    responses: {
      200: { description: 'Currency codes.', schema: currenciesSchema },
      400: error('Invalid query.'),
    },
  },
  {
    operationId: 'getFullCurrencies',
    method: 'get',
    path: '/v1/full-currencies',
    summary: 'Every payable currency with its network, decimals and logo.',
    auth: false,
    idempotent: false,
    responses: { 200: { description: 'Currency records.', schema: fullCurrenciesSchema } },
  },
  {
    operationId: 'getMerchantCoins',
    method: 'get',
    path: '/v1/merchant/coins',
    summary: 'Currencies enabled for the calling merchant (all when the merchant has not restricted them).',
    auth: true,
    idempotent: false,
    responses: { 200: { description: 'Enabled currencies.', schema: merchantCoinsSchema }, ...authErrors },
  },
  {
    operationId: 'getEstimate',
    method: 'get',
    path: '/v1/estimate',
    summary: 'Converts an amount between two currencies at current rates.',
    auth: false,
    idempotent: false,
    query: estimateQuery,
    responses: {
      200: { description: 'Estimate.', schema: estimateSchema },
      400: error('Missing or invalid parameter, or unknown currency.'),
    },
  },
  {
    operationId: 'getMinAmount',
    method: 'get',
    path: '/v1/min-amount',
    summary: 'Smallest payment accepted between two currencies.',
    auth: false,
    idempotent: false,
    query: minAmountQuery,
    responses: {
      200: { description: 'Minimum amount.', schema: minAmountSchema },
      400: error('Missing or invalid parameter, or unknown currency.'),
    },
  },
  {
    operationId: 'createPayment',
    method: 'post',
    path: '/v1/payment',
    summary: 'Creates a payment; the buyer sends pay_amount of pay_currency to pay_address.',
    auth: true,
    idempotent: true,
    body: createPaymentBody,
    responses: {
      201: {
        description: 'Payment created in status waiting.',
        schema: createdPaymentSchema,
        links: paymentLinks,
      },
      ...createErrors,
    },
  },
  {
    operationId: 'getPayment',
    method: 'get',
    path: '/v1/payment/{payment_id}',
    summary: "One of the merchant's payments.",
    auth: true,
    idempotent: false,
    pathParams: { payment_id: paymentIdParam },
    responses: {
      200: { description: 'The payment.', schema: paymentRecordSchema },
      400: error('Payment id must be a number.'),
      ...authErrors,
      404: error("No such payment among the merchant's payments."),
    },
  },
  {
    operationId: 'listPayments',
    method: 'get',
    path: '/v1/payment/',
    summary: "Pages through the merchant's payments (also served at /v1/payment).",
    auth: true,
    idempotent: false,
    query: paymentListQuery,
    responses: {
      200: { description: 'One page.', schema: paymentListSchema },
      400: error('Invalid query parameter.'),
      ...authErrors,
    },
  },
  {
    operationId: 'updateMerchantEstimate',
    method: 'post',
    path: '/v1/payment/{payment_id}/update-merchant-estimate',
    summary: 'Recalculates pay_amount of a waiting payment at current rates. No body.',
    auth: true,
    idempotent: true,
    pathParams: { payment_id: paymentIdParam },
    responses: {
      200: { description: 'New estimate.', schema: estimateUpdateSchema },
      400: error('Payment id is not a number, or the payment is not waiting (PAYMENT_NOT_WAITING).'),
      ...authErrors,
      404: error("No such payment among the merchant's payments."),
      409: error('Idempotency conflict.'),
      413: error('Body larger than the configured limit.'),
      415: error('Content-Type other than application/json or application/x-www-form-urlencoded.'),
      504: error('Payments did not answer in time.'),
    },
  },
  {
    operationId: 'createInvoice',
    method: 'post',
    path: '/v1/invoice',
    summary: 'Creates an invoice with a hosted payment page at invoice_url.',
    auth: true,
    idempotent: true,
    body: createInvoiceBody,
    responses: {
      201: {
        description: 'Invoice created.',
        schema: invoiceRecordSchema,
        links: {
          GetInvoicePayment: {
            operationId: 'getInvoicePayment',
            parameters: { invoiceId: '$response.body#/id' },
          },
        },
      },
      ...createErrors,
    },
  },
  {
    operationId: 'createInvoicePayment',
    method: 'post',
    path: '/v1/invoice-payment',
    summary: 'Creates the payment of an existing invoice in the chosen currency.',
    auth: true,
    idempotent: true,
    body: createInvoicePaymentBody,
    responses: {
      201: {
        description: 'Payment created in status waiting.',
        schema: createdPaymentSchema,
        links: paymentLinks,
      },
      ...createErrors,
      404: error("No such invoice among the merchant's invoices."),
    },
  },
  {
    operationId: 'getInvoicePayment',
    method: 'get',
    path: '/v1/invoice-payment',
    summary: 'The latest payment of an invoice, or a message when the buyer has not started one.',
    auth: true,
    idempotent: false,
    query: invoicePaymentQuery,
    responses: {
      200: {
        description: 'The payment, or {message} when none exists yet.',
        schema: { oneOf: [invoicePaymentSchema, invoiceNoPaymentSchema] },
      },
      400: error('invoiceId is missing.'),
      ...authErrors,
      404: error("No such invoice among the merchant's invoices."),
    },
  },
  {
    operationId: 'listSubscriptions',
    method: 'get',
    path: '/v1/subscriptions',
    summary: "The merchant's subscriptions.",
    auth: true,
    idempotent: false,
    query: subscriptionListQuery,
    responses: {
      200: { description: 'Subscriptions.', schema: subscriptionListSchema },
      400: error('Invalid query parameter.'),
      ...authErrors,
    },
  },
  {
    operationId: 'listSubscriptionPlans',
    method: 'get',
    path: '/v1/subscriptions/plans',
    summary: "The merchant's subscription plans.",
    auth: true,
    idempotent: false,
    query: planListQuery,
    responses: {
      200: { description: 'Plans.', schema: planListSchema },
      400: error('Invalid query parameter.'),
      ...authErrors,
    },
  },
  {
    operationId: 'getSubscriptionPlan',
    method: 'get',
    path: '/v1/subscriptions/plans/{plan_id}',
    summary: "One of the merchant's subscription plans.",
    auth: true,
    idempotent: false,
    pathParams: { plan_id: planIdParam },
    responses: {
      200: { description: 'The plan.', schema: onePlanSchema },
      400: error('Plan id must be a number.'),
      ...authErrors,
      404: error("No such plan among the merchant's plans."),
    },
  },
  {
    operationId: 'getSubscription',
    method: 'get',
    path: '/v1/subscriptions/{subscription_id}',
    summary: "One of the merchant's subscriptions.",
    auth: true,
    idempotent: false,
    pathParams: { subscription_id: subscriptionIdParam },
    responses: {
      200: { description: 'The subscription.', schema: oneSubscriptionSchema },
      400: error('Subscription id must be a number.'),
      ...authErrors,
      404: error("No such subscription among the merchant's subscriptions."),
    },
  },
];

/** Every V1 endpoint with its request and response schemas: the source of the OpenAPI document. */
export const V1_OPERATIONS: readonly V1Operation[] = OPERATIONS.map((operation) => ({
  ...operation,
  responses: { ...operation.responses, ...rateLimited },
}));
