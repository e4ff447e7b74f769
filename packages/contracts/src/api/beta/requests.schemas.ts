import { PAYMENT_LIFETIMES } from '@gw/domain';
import type { Schema } from '../../messages/schema-builders';
import { MAX_MONEY_NUMBER } from '../money-fields';
import { RULE, amountInput, enumInput, flagInput, numberInput, textInput, urlInput } from './fields';

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

/** Bodies stay open: fields this gateway does not use (auto_withdrawal, mixed_payment, ...) are accepted. */
export const betaCreateInvoiceBody: Schema = {
  type: 'object',
  description: 'POST /beta/v1/payment/invoice: creates an invoice with a hosted payment page.',
  properties: {
    amount: amountInput('Amount to be paid, in currency.'),
    currency: textInput('Currency of the amount, fiat or crypto symbol ("USD", "USDT", "BTC").', 32, {
      type: 'string',
      minLength: 1,
      pattern: '^[A-Za-z0-9]+$',
      [RULE]: CODE_RULES,
    }),
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
  },
  required: ['amount', 'currency'],
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

/** Query values matched case-insensitively; validated after lowercasing. */
export const BETA_CASE_INSENSITIVE_QUERY = ['type', 'status', 'sort_by', 'sort_type'] as const;

export const betaTrackIdParam: Schema = {
  type: 'string',
  pattern: '^[0-9]{1,15}$',
  description: 'The payment track_id (digits).',
};
