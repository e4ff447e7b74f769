import { PAYMENT_LIFETIMES } from '@gw/domain';
import type { Schema } from '../../messages/schema-builders';
import { MAX_MONEY_NUMBER } from '../money-fields';
import { RULE, amountInput, enumInput, flagInput, numberInput, textInput, urlInput } from './fields';
import { NUMERIC_ID_PATTERN } from '../numeric-id';

const betaLifetime = PAYMENT_LIFETIMES.beta;
/** `lifetime` in minutes, as admission bounds it. */
export const BETA_LIFETIME_MINUTES = {
  minimum: betaLifetime.minimumSeconds / 60,
  maximum: betaLifetime.maximumSeconds / 60,
  default: betaLifetime.defaultSeconds / 60,
} as const;
export const BETA_UNDERPAID_COVERAGE = { minimum: 0, maximum: 60 } as const;
export const BETA_PAGE_SIZE = { minimum: 1, maximum: 200, default: 10 } as const;

export const BETA_PAYMENT_TYPES = ['invoice', 'white_label', 'static_address'] as const;
/** The v1 status vocabulary (lowercase) plus the legacy "confirming" the history docs still show. */
export const BETA_STATUS_FILTERS = [
  'new',
  'waiting',
  'paying',
  'confirming',
  'paid',
  'manual_accept',
  'underpaid',
  'refunding',
  'refunded',
  'expired',
  'failed',
] as const;
export const BETA_SORT_FIELDS = ['create_date', 'pay_date', 'amount'] as const;
export const BETA_SORT_TYPES = ['asc', 'desc'] as const;

/** A currency code of the wrong type is "must be a string"; a malformed one is simply not a currency. */
const CODE_RULES = { type: 'string', pattern: 'in' };

const currencyCode = (description: string): Schema =>
  textInput(description, 32, {
    type: 'string',
    minLength: 1,
    pattern: '^[A-Za-z0-9]+$',
    [RULE]: CODE_RULES,
  });

/** The fields of a family B payment request, each as the invoice takes it. */
const PAYMENT_FIELDS = {
  amount: amountInput('Amount to be paid, in currency.'),
  currency: currencyCode('Currency of the amount, fiat or crypto symbol ("USD", "USDT", "BTC").'),
  lifetime: numberInput(
    `Minutes the invoice stays payable, ${BETA_LIFETIME_MINUTES.minimum} to ${BETA_LIFETIME_MINUTES.maximum}. Default ${BETA_LIFETIME_MINUTES.default}.`,
    {
      ...BETA_LIFETIME_MINUTES,
      integer: true,
    },
  ),
  fee_paid_by_payer: {
    description:
      '1: the payer covers the network fee; 0 (default): the merchant does. 0/1, "0"/"1" or a boolean.',
    type: ['integer', 'string', 'boolean', 'null'],
    enum: [0, 1, '0', '1', true, false, null],
    [RULE]: 'in',
  },
  under_paid_coverage: numberInput(
    'Underpayment within this percent still counts as paid, 0 to 60.',
    BETA_UNDERPAID_COVERAGE,
  ),
  to_currency: textInput(
    'Crypto the received funds are to be converted to (recorded with the invoice).',
    32,
    {
      pattern: '^[A-Za-z0-9]+$',
      [RULE]: CODE_RULES,
    },
  ),
  auto_withdrawal: flagInput('Accepted for compatibility; payouts follow the merchant settings.'),
  mixed_payment: flagInput('Accepted for compatibility.'),
  callback_url: urlInput('Webhook URL for status changes.'),
  return_url: urlInput('Where the buyer is sent after paying.'),
  email: textInput('Customer e-mail.', 255, { format: 'email', [RULE]: 'email' }),
  order_id: {
    description: 'Order id in the merchant system.',
    type: ['string', 'integer', 'null'],
    maxLength: 128,
    [RULE]: 'string',
  },
  thanks_message: textInput('Message shown to the buyer after payment.', 255),
  description: textInput('Description of the order.', 255),
  sandbox: flagInput('A sandbox invoice: the sandbox chain pays it in full by itself.'),
};

/** Bodies stay open: fields this gateway does not use (auto_withdrawal, mixed_payment, ...) are accepted. */
export const betaCreateInvoiceBody: Schema = {
  type: 'object',
  description: 'POST /beta/v1/payment/invoice: creates an invoice with a hosted payment page.',
  properties: PAYMENT_FIELDS,
  required: ['amount', 'currency'],
  additionalProperties: true,
};

/**
 * POST /beta/v1/payment/white-label: the payment's address, amount and expiry are answered at once and
 * the merchant shows them on its own page. The pay currency (and network) is named up front; the amount
 * is in `currency`, or in US dollars when it names none, as upstream reads it.
 */
export const betaCreateWhiteLabelBody: Schema = {
  type: 'object',
  description:
    'POST /beta/v1/payment/white-label: a payment whose address and amount the merchant shows itself.',
  properties: {
    pay_currency: currencyCode('Crypto the payer pays in, by symbol ("BTC", "USDT") or catalogue code.'),
    amount: PAYMENT_FIELDS.amount,
    currency: textInput('Currency of the amount, fiat or crypto symbol. Default USD.', 32, {
      pattern: '^[A-Za-z0-9]+$',
      [RULE]: CODE_RULES,
    }),
    network: textInput(
      'Network of the pay currency, by name ("Tron", "TRC20", "Ethereum") or code ("trx"). Default: the first of its networks the merchant can be paid on.',
      64,
    ),
    lifetime: PAYMENT_FIELDS.lifetime,
    fee_paid_by_payer: PAYMENT_FIELDS.fee_paid_by_payer,
    under_paid_coverage: PAYMENT_FIELDS.under_paid_coverage,
    to_currency: PAYMENT_FIELDS.to_currency,
    auto_withdrawal: PAYMENT_FIELDS.auto_withdrawal,
    callback_url: PAYMENT_FIELDS.callback_url,
    email: PAYMENT_FIELDS.email,
    order_id: PAYMENT_FIELDS.order_id,
    description: PAYMENT_FIELDS.description,
  },
  required: ['pay_currency', 'amount'],
  additionalProperties: true,
};

/** POST /beta/v1/payment/static-address: one address per network takes every coin of it the merchant accepts. */
export const betaCreateStaticAddressBody: Schema = {
  type: 'object',
  description:
    'POST /beta/v1/payment/static-address: a permanent deposit address of the merchant wallet for one customer.',
  properties: {
    network: textInput('Network, by name ("Bitcoin", "TRON", "Ethereum") or code ("btc", "trx").', 64, {
      type: 'string',
      minLength: 1,
      [RULE]: 'string',
    }),
    to_currency: PAYMENT_FIELDS.to_currency,
    auto_withdrawal: PAYMENT_FIELDS.auto_withdrawal,
    callback_url: PAYMENT_FIELDS.callback_url,
    email: PAYMENT_FIELDS.email,
    order_id: {
      ...PAYMENT_FIELDS.order_id,
      description:
        'The customer the address is held for: asked again with the same order_id on the same network, the same address is answered.',
    },
    description: PAYMENT_FIELDS.description,
  },
  required: ['network'],
  additionalProperties: true,
};

export const betaRevokeStaticAddressBody: Schema = {
  type: 'object',
  description:
    'POST /beta/v1/payment/static-address/revoke: deposits to the address from now on are recorded and shown, never credited.',
  properties: {
    address: textInput('The static address.', 128, { type: 'string', minLength: 1, [RULE]: 'string' }),
    network: textInput('Its network, by name or code; any network when empty.', 64),
  },
  required: ['address'],
  additionalProperties: true,
};

/** Up to 9999-12-31T23:59:59Z: later instants have no four-digit-year ISO form to compare dates by. */
const unixSecondsBounds = { minimum: 0, maximum: 253_402_300_799, integer: true };

/** Every value arrives as text in the query string; numbers are read before validation. */
export const betaPaymentListQuery: Schema = {
  type: 'object',
  description: "GET /beta/v1/payment: the merchant's payments of every family, filtered, sorted and paged.",
  properties: {
    track_id: textInput('Only this payment.', 64),
    type: enumInput('Payment type.', BETA_PAYMENT_TYPES),
    status: enumInput('Status, case-insensitive.', BETA_STATUS_FILTERS),
    pay_currency: textInput(
      'Currency the buyer pays with: a symbol ("USDT") or a catalogue code ("usdttrc20").',
      32,
    ),
    currency: textInput('Currency of the amount.', 32),
    network: textInput('Network of the pay currency, by name ("Tron", "TRC20") or code ("trx").', 64),
    address: textInput('Pay address.', 128),
    from_date: numberInput('Created at or after, Unix seconds.', unixSecondsBounds),
    to_date: numberInput('Created at or before, Unix seconds.', unixSecondsBounds),
    from_amount: numberInput('Amount at least.', { minimum: 0, maximum: MAX_MONEY_NUMBER }),
    to_amount: numberInput('Amount at most.', { minimum: 0, maximum: MAX_MONEY_NUMBER }),
    sort_by: enumInput('Sort field. Default create_date.', BETA_SORT_FIELDS),
    sort_type: enumInput('Sort direction. Default desc.', BETA_SORT_TYPES),
    page: numberInput('Page, from 1. Default 1.', { minimum: 1, integer: true }),
    size: numberInput(
      `Items per page, ${BETA_PAGE_SIZE.minimum} to ${BETA_PAGE_SIZE.maximum}. Default ${BETA_PAGE_SIZE.default}.`,
      { ...BETA_PAGE_SIZE, integer: true },
    ),
  },
  additionalProperties: true,
};

export const betaStaticAddressListQuery: Schema = {
  type: 'object',
  description:
    "GET /beta/v1/payment/static-address: the merchant's static addresses with what each received.",
  properties: {
    track_id: textInput('Only this address (its track_id).', 64),
    network: textInput('Network, by name or code.', 64),
    currency: textInput('Only addresses taking this coin, by symbol or code.', 32),
    address: textInput('Only this address.', 128),
    have_tx: flagInput('Only addresses that received a deposit (true) or none (false).'),
    order_id: textInput('Only the address of this order.', 128),
    email: textInput('Only addresses of this e-mail.', 255),
    page: numberInput('Page, from 1. Default 1.', { minimum: 1, integer: true }),
    size: numberInput(
      `Items per page, ${BETA_PAGE_SIZE.minimum} to ${BETA_PAGE_SIZE.maximum}. Default ${BETA_PAGE_SIZE.default}.`,
      { ...BETA_PAGE_SIZE, integer: true },
    ),
  },
  additionalProperties: true,
};

/** Query values matched case-insensitively; validated after lowercasing. */
export const BETA_CASE_INSENSITIVE_QUERY = ['type', 'status', 'sort_by', 'sort_type'] as const;

export const betaTrackIdParam: Schema = {
  type: 'string',
  pattern: NUMERIC_ID_PATTERN,
  description: 'The payment track_id (digits).',
};
