import type { Schema } from '../../messages/schema-builders';
import { ADDED, testPaymentFlag } from '../test-payment';
import {
  booleanField,
  integerField,
  nullableStringField,
  numberField,
  paymentStatusField,
  responseObject,
  stringField,
  timestampField,
} from './fields';

const paymentId = integerField('Numeric payment id.', { minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const lowercaseCode = (description: string) => stringField(description, { pattern: '^[a-z0-9]+$' });

/** Fields shared by the payment record, the list items and the invoice-payment lookup. */
const paymentCore = {
  payment_id: paymentId,
  payment_status: paymentStatusField,
  pay_address: stringField('Address the buyer pays to.'),
  price_amount: numberField('Amount in price_currency.'),
  price_currency: lowercaseCode('Lowercase currency code of the price.'),
  pay_amount: numberField('Amount the buyer must send, in pay_currency.'),
  actually_paid: numberField('Amount received so far, in pay_currency.'),
  pay_currency: lowercaseCode('Lowercase currency code the buyer pays with.'),
  order_id: nullableStringField('Merchant order identifier.'),
  order_description: nullableStringField('Order description.'),
  outcome_amount: numberField('Amount delivered to the merchant.'),
  outcome_currency: lowercaseCode('Currency delivered to the merchant.'),
  is_test: testPaymentFlag(ADDED),
  created_at: timestampField('When the payment was created.'),
  updated_at: timestampField('When the payment last changed.'),
};

export const paymentRecordSchema: Schema = responseObject(
  'A V1 payment (GET /v1/payment/{payment_id} and list items).',
  {
    ...paymentCore,
    invoice_id: nullableStringField('Invoice the payment belongs to.'),
    payin_extra_id: nullableStringField(
      'Memo or destination tag the buyer must add, for networks that need one.',
    ),
    purchase_id: integerField('Purchase the payment belongs to.'),
    payin_hash: nullableStringField('Transaction hash of the incoming payment.'),
    payout_hash: nullableStringField('Transaction hash of the payout to the merchant.'),
    burning_percent: stringField('Always the string "null" (no burning).', { const: 'null' }),
    type: stringField('Payment type.', { enum: ['crypto2crypto'] }),
    parent_payment_id: {
      anyOf: [paymentId, { type: 'null' }],
      description:
        'Set on a repeated payment: the payment whose address received its money after it was done.',
    },
    origin_type: {
      anyOf: [stringField('How the payment came to be.', { const: 'REPEATED' }), { type: 'null' }],
      description: 'REPEATED for a payment opened by money sent again to a used address; null otherwise.',
    },
    payment_extra_ids: {
      anyOf: [{ type: 'array', items: paymentId }, { type: 'null' }],
      description: 'The repeated payments opened by money that reached this payment after it was done.',
    },
  },
);

export const invoicePaymentSchema: Schema = responseObject(
  'The latest payment of an invoice (GET /v1/invoice-payment); purchase_id is a string here.',
  {
    ...paymentCore,
    purchase_id: stringField('Purchase the payment belongs to, as a string.', { pattern: '^[0-9]+$' }),
  },
);

export const invoiceNoPaymentSchema: Schema = responseObject(
  'GET /v1/invoice-payment when the buyer has not started a payment yet.',
  {
    message: stringField('States that no payment was created for the invoice yet.'),
  },
);

export const createdPaymentSchema: Schema = responseObject('POST /v1/payment (201).', {
  payment_id: paymentId,
  payment_status: { ...paymentStatusField, const: 'waiting' },
  pay_address: stringField('Address the buyer pays to.'),
  price_amount: numberField('Amount in price_currency.'),
  price_currency: lowercaseCode('Lowercase currency code of the price.'),
  pay_amount: numberField('Amount the buyer must send.'),
  pay_currency: lowercaseCode('Crypto currency the buyer pays with.'),
  order_id: nullableStringField('Merchant order identifier.'),
  order_description: nullableStringField('Order description.'),
  ipn_callback_url: nullableStringField('Webhook URL for status changes.'),
  purchase_id: integerField('Purchase the payment belongs to.'),
  payin_extra_id: nullableStringField('Memo or destination tag the buyer must add.'),
  amount_received: numberField('Amount received so far (0 at creation).'),
  network: stringField('Network the pay address lives on.'),
  expiration_estimate_date: timestampField('When the payment expires unless paid.'),
  is_fixed_rate: booleanField('Whether the rate is frozen.'),
  is_fee_paid_by_user: booleanField('Whether the buyer pays the fees.'),
  burning_percent: stringField('Always the string "null".', { const: 'null' }),
  type: stringField('Payment type.', { enum: ['crypto2crypto'] }),
  is_test: testPaymentFlag(ADDED),
  created_at: timestampField('When the payment was created.'),
  updated_at: timestampField('When the payment last changed.'),
});

export const paymentListSchema: Schema = responseObject('GET /v1/payment/: one page of payments.', {
  data: { type: 'array', items: paymentRecordSchema, description: 'Payments of this page.' },
  limit: integerField('Page size used.'),
  page: integerField('Page number, from 0.'),
  pagesCount: integerField('Number of pages at this page size.'),
  total: integerField('Number of payments matching the filters.'),
});

export const estimateUpdateSchema: Schema = responseObject(
  'POST /v1/payment/{id}/update-merchant-estimate.',
  {
    id: paymentId,
    token_id: stringField('Identifier of this estimate.'),
    pay_amount: numberField('New amount the buyer must send.'),
    expiration_estimate_date: timestampField('Until when the new estimate holds.'),
  },
);

export const invoiceRecordSchema: Schema = responseObject('A V1 invoice (POST /v1/invoice, 201).', {
  id: stringField('Invoice id (UUID-shaped).', { format: 'uuid' }),
  token_id: stringField('Short token of the hosted page.'),
  order_id: nullableStringField('Merchant order identifier.'),
  order_description: nullableStringField('Order description.'),
  price_amount: stringField('Price as a decimal string, although sent as a number.', {
    pattern: '^[0-9]+(\\.[0-9]+)?$',
  }),
  price_currency: lowercaseCode('Currency of the price.'),
  pay_currency: { type: ['string', 'null'], description: 'Pre-selected pay currency, or null.' },
  ipn_callback_url: nullableStringField('Webhook URL for status changes.'),
  invoice_url: stringField('Hosted page to share with the buyer: {base_url}/invoice/<id>.', {
    format: 'uri',
  }),
  success_url: nullableStringField('Echoed from the request.'),
  cancel_url: nullableStringField('Echoed from the request.'),
  partially_paid_url: nullableStringField('Echoed from the request.'),
  customer_email: nullableStringField('Buyer e-mail.'),
  payout_currency: nullableStringField('Payout currency.'),
  is_fixed_rate: booleanField('Whether the rate is frozen (default false).'),
  is_fee_paid_by_user: booleanField('Whether the buyer pays the fees (default false).'),
  source: nullableStringField('Integration the invoice comes from.'),
  collect_user_data: booleanField('Whether the hosted page asks for buyer data (default false).'),
  created_at: timestampField('When the invoice was created.'),
  updated_at: timestampField('When the invoice last changed.'),
});

export const statusSchema: Schema = responseObject('GET /v1/status.', {
  message: stringField('Always "OK".', { const: 'OK' }),
});

export const currenciesSchema: Schema = responseObject('GET /v1/currencies.', {
  currencies: {
    type: 'array',
    items: lowercaseCode('Ticker code.'),
    description: 'Lowercase codes of every payable currency.',
  },
});

export const fullCurrencySchema: Schema = responseObject('A currency of GET /v1/full-currencies.', {
  id: integerField('Stable numeric id.'),
  code: lowercaseCode('Lowercase currency code, as pay_currency takes it.'),
  name: stringField('Currency name.'),
  ticker: lowercaseCode('Ticker without the network suffix.'),
  network: lowercaseCode('Network code.'),
  blockchain: stringField('Network name.'),
  chain_code: lowercaseCode('Network code.'),
  decimals: integerField('Decimals pay amounts are rounded to.'),
  network_precision: integerField('Decimals of the smallest on-chain unit.'),
  price_usd: numberField('Price of one unit in USD.'),
  image: stringField('Logo URL.', { format: 'uri' }),
  logo_url: stringField('Logo URL.', { format: 'uri' }),
  is_fiat: booleanField('Always false: every listed currency is a crypto currency.'),
  is_stable: booleanField('Whether the coin is a stablecoin.'),
  enable: booleanField('Whether payments in it are accepted.'),
  available_for_payment: booleanField('Can be used as pay_currency.'),
  available_for_to: booleanField('Can be converted to.'),
  available_for_from: booleanField('Can be converted from.'),
  extra_id_exists: booleanField('Whether deposits need a memo or destination tag.'),
  smart_contract: nullableStringField('Token contract, or null for a native coin.'),
});

export const fullCurrenciesSchema: Schema = responseObject('GET /v1/full-currencies.', {
  currencies: { type: 'array', items: fullCurrencySchema },
});

export const merchantCoinSchema: Schema = responseObject('A currency enabled for the merchant.', {
  code: lowercaseCode('Lowercase currency code.'),
  name: stringField('Currency name.'),
  ticker: lowercaseCode('Ticker without the network suffix.'),
  network: lowercaseCode('Network code.'),
  blockchain: stringField('Network name.'),
  chain_code: lowercaseCode('Network code.'),
  decimals: integerField('Decimals pay amounts are rounded to.'),
  price_usd: numberField('Price of one unit in USD.'),
  image: stringField('Logo URL.', { format: 'uri' }),
});

export const merchantCoinsSchema: Schema = responseObject('GET /v1/merchant/coins.', {
  selectedCurrencies: { type: 'array', items: merchantCoinSchema },
});

export const estimateSchema: Schema = responseObject('GET /v1/estimate.', {
  currency_from: lowercaseCode('Currency converted from.'),
  amount_from: numberField('Amount converted.'),
  currency_to: lowercaseCode('Currency converted to.'),
  estimated_amount: stringField('Converted amount as a decimal string.', { pattern: '^[0-9]+(\\.[0-9]+)?$' }),
});

export const minAmountSchema: Schema = responseObject('GET /v1/min-amount.', {
  currency_from: lowercaseCode('Currency the minimum is stated in.'),
  currency_to: lowercaseCode('Currency the merchant receives.'),
  min_amount: numberField('Smallest accepted payment, in currency_from.'),
  fiat_equivalent: numberField('Value of min_amount in the requested fiat (usd by default).'),
});

const SUBSCRIPTION_STATUS_CODES = ['ACTIVE', 'PAUSED', 'CANCELLED', 'EXPIRED'];

export const subscriptionSchema: Schema = responseObject('A subscription.', {
  id: integerField('Subscription id.'),
  subscription_plan_id: integerField('Plan id.'),
  status: stringField('Status, uppercase.', { enum: SUBSCRIPTION_STATUS_CODES }),
  is_active: booleanField('Whether the subscription is active.'),
  subscriber: responseObject('Who subscribed.', { email: stringField('Subscriber e-mail.') }),
  created_at: timestampField('When the subscription was created.'),
  updated_at: timestampField('When the subscription last changed.'),
  expire_date: timestampField('When the subscription expires.'),
});

export const subscriptionListSchema: Schema = responseObject('GET /v1/subscriptions.', {
  count: integerField('Number of subscriptions matching the filters.'),
  result: { type: 'array', items: subscriptionSchema },
});

export const planSchema: Schema = responseObject('A subscription plan.', {
  id: integerField('Plan id.'),
  title: stringField('Plan title.'),
  amount: numberField('Price per interval.'),
  currency: lowercaseCode('Currency of amount.'),
  interval_day: integerField('Billing interval in days.'),
  success_url: nullableStringField('Redirect after a successful payment.'),
  cancel_url: nullableStringField('Redirect on cancel.'),
  partially_paid_url: nullableStringField('Redirect after a partial payment.'),
  ipn_callback_url: nullableStringField('Webhook URL.'),
  created_at: timestampField('When the plan was created.'),
  updated_at: timestampField('When the plan last changed.'),
});

export const oneSubscriptionSchema: Schema = responseObject('GET /v1/subscriptions/{id}.', {
  result: subscriptionSchema,
});

export const onePlanSchema: Schema = responseObject('GET /v1/subscriptions/plans/{id}.', {
  result: planSchema,
});

export const planListSchema: Schema = responseObject('GET /v1/subscriptions/plans.', {
  count: integerField('Number of plans.'),
  result: { type: 'array', items: planSchema },
});

export const V1_ERROR_CODES = [
  'INVALID_REQUEST_PARAMS',
  'AUTH_REQUIRED',
  'INVALID_API_KEY',
  'NOT_FOUND',
  'PAYMENT_NOT_WAITING',
  'PRICE_UNAVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_REQUEST_IN_PROGRESS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
  'INTERNAL_ERROR',
] as const;
export type V1ErrorCode = (typeof V1_ERROR_CODES)[number];

export const errorSchema: Schema = responseObject('Every V1 error.', {
  status: { type: 'boolean', const: false, description: 'Always false.' },
  statusCode: integerField('HTTP status code.'),
  code: stringField('Machine-readable error code.', { enum: [...V1_ERROR_CODES] }),
  error: stringField('HTTP status phrase, e.g. "Bad Request".'),
  message: stringField('What went wrong, naming the field.'),
});
