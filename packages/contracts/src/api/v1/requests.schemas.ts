import type { Schema } from '../../messages/schema-builders';
import {
  currencyCodeInput,
  flagInput,
  flagQuery,
  positiveAmountInput,
  positiveAmountQuery,
  positiveIntegerInput,
  textInput,
  urlInput,
} from './fields';
import { NUMERIC_ID_PATTERN } from '../numeric-id';

/** Fields NOWPayments' list sorts by (spec: "Sortable fields"). */
export const V1_PAYMENT_SORT_FIELDS = [
  'payment_id',
  'payment_status',
  'pay_address',
  'price_amount',
  'price_currency',
  'pay_amount',
  'actually_paid',
  'pay_currency',
  'order_id',
  'order_description',
  'purchase_id',
  'outcome_amount',
  'outcome_currency',
  'created_at',
  'updated_at',
] as const;
export type V1PaymentSortField = (typeof V1_PAYMENT_SORT_FIELDS)[number];

export const V1_SANDBOX_CASES = ['success', 'partially_paid', 'fail'] as const;
export const V1_SUBSCRIPTION_FILTER_STATUSES = ['active', 'paused', 'cancelled', 'expired'] as const;

export const V1_LIST_LIMIT_MAX = 500;
export const V1_LIST_LIMIT_DEFAULT = 10;

/** Bodies stay open: clients send fields of newer or older API versions, which are ignored. */
function body(description: string, properties: Record<string, Schema>, required: string[]): Schema {
  return { type: 'object', description, properties, required, additionalProperties: true };
}

function query(description: string, properties: Record<string, Schema>, required: string[] = []): Schema {
  return { type: 'object', description, properties, required, additionalProperties: true };
}

const fixedRateFlags = {
  is_fixed_rate: flagInput('is_fixed_rate', 'Freeze the exchange rate for the estimate window.'),
  fixed_rate: flagInput('fixed_rate', 'Older name of is_fixed_rate, sent by the official JS SDK.'),
  is_fee_paid_by_user: flagInput(
    'is_fee_paid_by_user',
    'The buyer pays the network and service fees; implies a fixed rate.',
  ),
};

export const createPaymentBody: Schema = body(
  'POST /v1/payment: creates a payment the buyer settles by sending crypto to pay_address.',
  {
    price_amount: positiveAmountInput('price_amount', 'Amount in price_currency.'),
    price_currency: currencyCodeInput('price_currency', 'Fiat or crypto currency the price is stated in.'),
    pay_currency: currencyCodeInput('pay_currency', 'Crypto currency the buyer pays with.'),
    pay_amount: positiveAmountInput(
      'pay_amount',
      'Exact amount of pay_currency to request instead of converting the price.',
      {
        nullable: true,
      },
    ),
    ipn_callback_url: urlInput('ipn_callback_url', 'Webhook URL that receives every status change.'),
    order_id: textInput('order_id', 'Merchant order identifier.', 255, { acceptNumber: true }),
    order_description: textInput('order_description', 'Free text describing the order.', 2048),
    purchase_id: positiveIntegerInput(
      'purchase_id',
      'Groups repeated payments of one purchase; generated when absent.',
    ),
    payout_address: textInput(
      'payout_address',
      'Wallet the outcome is sent to instead of the merchant default.',
      256,
    ),
    payout_currency: currencyCodeInput('payout_currency', 'Currency of payout_address.', { nullable: true }),
    payout_extra_id: textInput('payout_extra_id', 'Memo or destination tag of payout_address.', 256),
    ...fixedRateFlags,
    case: {
      type: ['string', 'null'],
      enum: [...V1_SANDBOX_CASES, null],
      description:
        'Sandbox only: walks the payment through this scenario by itself (success, partially_paid or fail).',
      'x-message': 'case must be one of success, partially_paid, fail',
    },
  },
  ['price_amount', 'price_currency', 'pay_currency'],
);

export const createInvoiceBody: Schema = body(
  'POST /v1/invoice: creates an invoice with a hosted payment page on which the buyer picks a currency.',
  {
    price_amount: positiveAmountInput('price_amount', 'Amount in price_currency.'),
    price_currency: currencyCodeInput('price_currency', 'Fiat or crypto currency the price is stated in.'),
    pay_currency: currencyCodeInput('pay_currency', 'Pre-selects the crypto currency on the hosted page.', {
      nullable: true,
    }),
    ipn_callback_url: urlInput(
      'ipn_callback_url',
      'Webhook URL that receives every status change of the invoice payment.',
    ),
    order_id: textInput('order_id', 'Merchant order identifier.', 255, { acceptNumber: true }),
    order_description: textInput('order_description', 'Free text describing the order.', 2048),
    success_url: urlInput('success_url', 'Where the buyer is sent after a successful payment.'),
    cancel_url: urlInput('cancel_url', 'Where the buyer is sent on cancel.'),
    partially_paid_url: urlInput('partially_paid_url', 'Where the buyer is sent after a partial payment.'),
    customer_email: {
      description: 'Buyer e-mail shown on the hosted page.',
      anyOf: [
        { type: 'string', format: 'email', maxLength: 320 },
        { type: 'string', maxLength: 0 },
        { type: 'null' },
      ],
      'x-message': 'customer_email must be an e-mail address',
    },
    payout_currency: currencyCodeInput('payout_currency', 'Currency the merchant is paid out in.', {
      nullable: true,
    }),
    source: textInput('source', 'Integration the invoice comes from.', 64),
    collect_user_data: flagInput('collect_user_data', 'Ask the buyer for contact data on the hosted page.'),
    ...fixedRateFlags,
  },
  ['price_amount', 'price_currency'],
);

/** POST /v1/invoice-payment: pays an existing invoice with a chosen currency (upstream endpoint). */
export const createInvoicePaymentBody: Schema = body(
  'POST /v1/invoice-payment: creates the payment of an invoice in the chosen pay currency.',
  {
    iid: {
      description: 'Id of the invoice to pay.',
      anyOf: [
        { type: 'string', minLength: 1, maxLength: 64 },
        { type: 'integer', minimum: 1 },
      ],
      'x-message': 'iid must be an invoice id',
    },
    pay_currency: currencyCodeInput('pay_currency', 'Crypto currency the buyer pays with.'),
    purchase_id: positiveIntegerInput('purchase_id', 'Groups repeated payments of one purchase.'),
    order_description: textInput('order_description', 'Overrides the invoice order description.', 2048),
    customer_email: {
      description: 'Buyer e-mail.',
      anyOf: [
        { type: 'string', format: 'email', maxLength: 320 },
        { type: 'string', maxLength: 0 },
        { type: 'null' },
      ],
      'x-message': 'customer_email must be an e-mail address',
    },
    payout_address: textInput('payout_address', 'Wallet the outcome is sent to.', 256),
    payout_currency: currencyCodeInput('payout_currency', 'Currency of payout_address.', { nullable: true }),
    payout_extra_id: textInput('payout_extra_id', 'Memo or destination tag of payout_address.', 256),
    case: {
      type: ['string', 'null'],
      enum: [...V1_SANDBOX_CASES, null],
      description: 'Sandbox only: walks the payment through this scenario by itself.',
      'x-message': 'case must be one of success, partially_paid, fail',
    },
  },
  ['iid', 'pay_currency'],
);

// ---------------------------------------------------------------------------------------------
// Query strings (validated with type coercion: every value arrives as a string)

const code = (field: string, description: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: 32,
  pattern: '^\\s*[A-Za-z0-9]+\\s*$',
  description,
  'x-message': `${field} must be a currency code such as "btc" or "usd"`,
});

const limitParam = (description: string): Schema => ({
  type: 'integer',
  minimum: 1,
  maximum: V1_LIST_LIMIT_MAX,
  default: V1_LIST_LIMIT_DEFAULT,
  description,
  'x-message': `limit must be an integer from 1 to ${V1_LIST_LIMIT_MAX}`,
});

const offsetParam: Schema = {
  type: 'integer',
  minimum: 0,
  maximum: 1_000_000_000,
  default: 0,
  description: 'Number of records to skip.',
  'x-message': 'offset must be a non-negative integer',
};

const DATE_BOUND =
  '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$';

export const currenciesQuery: Schema = query('GET /v1/currencies', {
  fixed_rate: flagQuery('fixed_rate', 'Only currencies that support fixed-rate payments.'),
});

export const estimateQuery: Schema = query(
  'GET /v1/estimate',
  {
    amount: positiveAmountQuery('amount', 'Amount of currency_from to convert.'),
    currency_from: code('currency_from', 'Currency to convert from (fiat or crypto).'),
    currency_to: code('currency_to', 'Currency to convert to.'),
  },
  ['amount', 'currency_from', 'currency_to'],
);

export const minAmountQuery: Schema = query(
  'GET /v1/min-amount',
  {
    currency_from: code('currency_from', 'Currency the buyer pays with (or a fiat to state the minimum in).'),
    currency_to: code(
      'currency_to',
      "Currency the merchant receives; defaults to the merchant's outcome currency, else currency_from.",
    ),
    fiat_equivalent: code('fiat_equivalent', 'Fiat in which fiat_equivalent is stated; default usd.'),
    is_fixed_rate: flagQuery('is_fixed_rate', 'Minimum for fixed-rate payments.'),
    is_fee_paid_by_user: flagQuery('is_fee_paid_by_user', 'Minimum when the buyer pays the fees.'),
  },
  ['currency_from'],
);

export const paymentListQuery: Schema = query('GET /v1/payment/', {
  limit: limitParam('Records per page, 1 to 500.'),
  page: {
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000_000,
    default: 0,
    description: 'Page number, starting at 0.',
    'x-message': 'page must be a non-negative integer',
  },
  sortBy: {
    type: 'string',
    enum: [...V1_PAYMENT_SORT_FIELDS],
    default: 'created_at',
    description: 'Field to sort by.',
    'x-message': `sortBy must be one of ${V1_PAYMENT_SORT_FIELDS.join(', ')}`,
  },
  orderBy: {
    type: 'string',
    enum: ['asc', 'desc'],
    default: 'asc',
    description: 'Sort direction.',
    'x-message': 'orderBy must be asc or desc',
  },
  dateFrom: {
    type: 'string',
    pattern: DATE_BOUND,
    description: 'Earliest created_at, inclusive: YYYY-MM-DD (start of that day, UTC) or an ISO 8601 time.',
    'x-message': 'dateFrom must be a date (YYYY-MM-DD) or an ISO 8601 time',
  },
  dateTo: {
    type: 'string',
    pattern: DATE_BOUND,
    description: 'Latest created_at, inclusive: YYYY-MM-DD (the whole day, UTC) or an ISO 8601 time.',
    'x-message': 'dateTo must be a date (YYYY-MM-DD) or an ISO 8601 time',
  },
  invoiceId: {
    type: 'string',
    minLength: 1,
    maxLength: 64,
    description: 'Only payments of this invoice.',
    'x-message': 'invoiceId must be an invoice id',
  },
});

export const invoicePaymentQuery: Schema = query(
  'GET /v1/invoice-payment',
  {
    invoiceId: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: 'Id of the invoice whose latest payment is returned.',
      'x-message': 'invoiceId must be an invoice id',
    },
  },
  ['invoiceId'],
);

export const subscriptionListQuery: Schema = query('GET /v1/subscriptions', {
  status: {
    type: 'string',
    enum: [...V1_SUBSCRIPTION_FILTER_STATUSES],
    description: 'Only subscriptions in this status.',
    'x-message': `status must be one of ${V1_SUBSCRIPTION_FILTER_STATUSES.join(', ')}`,
  },
  subscription_plan_id: {
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'Only subscriptions to this plan.',
    'x-message': 'subscription_plan_id must be a positive integer',
  },
  is_active: {
    type: 'string',
    enum: ['true', 'false'],
    description: 'Only active (true) or inactive (false) subscriptions.',
    'x-message': 'is_active must be true or false',
  },
  limit: limitParam('Records to return, at most 500.'),
  offset: offsetParam,
});

export const planListQuery: Schema = query('GET /v1/subscriptions/plans', {
  limit: limitParam('Records to return, at most 500.'),
  offset: offsetParam,
});

export const subscriptionIdParam: Schema = {
  type: 'string',
  pattern: NUMERIC_ID_PATTERN,
  description: 'Numeric subscription id.',
  'x-message': 'Subscription id must be a number',
};

export const planIdParam: Schema = {
  type: 'string',
  pattern: NUMERIC_ID_PATTERN,
  description: 'Numeric subscription plan id.',
  'x-message': 'Plan id must be a number',
};

export const paymentIdParam: Schema = {
  type: 'string',
  pattern: NUMERIC_ID_PATTERN,
  description: 'Numeric payment id.',
  'x-message': 'Payment id must be a number',
};
