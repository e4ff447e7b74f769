import { PAYMENT_STATUSES } from '@gw/domain';
import type { Schema } from '../../messages/schema-builders';
import { ADDED, testPaymentFlag } from '../test-payment';
import { closedObject, money, nullableText, offsetTimestamp, text } from './fields';
import { ALPHA_PER_PAGE } from './requests.schemas';

/** Upstream statuses this gateway reports in `status` (the spec's mapping table, and `paid_over`). */
export const ALPHA_STATUSES = [
  'process',
  'confirm_check',
  'wrong_amount',
  'paid',
  'paid_over',
  'fail',
  'refund_process',
  'refund_paid',
  'cancel',
] as const;

/** Every successful answer: `{state: 0, result}`. */
export function alphaSuccess(description: string, result: Schema): Schema {
  return closedObject(description, { state: { type: 'integer', const: 0 }, result });
}

export const alphaPaymentRecordSchema: Schema = closedObject('A payment as family A shows it.', {
  uuid: text('Payment identifier.', { format: 'uuid' }),
  order_id: text(
    'Order id in the merchant system; an empty string for a payment created through another family without one.',
  ),
  amount: money('Amount in currency.'),
  payment_amount: money('Amount the buyer has paid so far, in payer_currency.'),
  payer_amount: money('Amount the buyer must pay, in payer_currency, after discount and fee share.'),
  discount_percent: { type: 'number', description: 'Discount in percent; negative for a surcharge.' },
  discount: money('Discount in payer_currency; negative for a surcharge.'),
  payer_currency: text('Ticker the buyer pays with, e.g. USDT.'),
  currency: text('Ticker of the currency the amount is stated in.'),
  merchant_amount: money(
    'What the merchant gets, in payer_currency: what arrived (payer_amount before anything did), less what a sandbox payout kept; all of it for a payment to the merchant wallet.',
  ),
  network: text('Network of the payer currency, e.g. tron.'),
  address: text('Address the buyer pays to.'),
  from: nullableText('Address the first deposit came from.'),
  txid: nullableText('Hash of the first deposit transaction.'),
  payment_status: text('The service status (V1 vocabulary).', { enum: [...PAYMENT_STATUSES] }),
  url: text('Hosted payment page: {base_url}/pay/<uuid>.', { format: 'uri' }),
  expired_at: { type: 'integer', description: 'When the payment stops being payable, Unix seconds.' },
  status: text('Upstream status mapped from payment_status.', { enum: [...ALPHA_STATUSES] }),
  is_final: {
    type: 'boolean',
    description: 'Whether the payment can no longer change (paid, failed, refunded or expired).',
  },
  is_test: testPaymentFlag(ADDED),
  additional_data: nullableText('additional_data given at creation.'),
  created_at: offsetTimestamp('When the payment was created.'),
  updated_at: offsetTimestamp('When the payment last changed.'),
});

export const alphaPaymentListSchema: Schema = closedObject('One page of payments.', {
  items: { type: 'array', items: alphaPaymentRecordSchema },
  paginate: closedObject('Cursor pagination.', {
    count: { type: 'integer', minimum: 0, description: 'Items on this page.' },
    hasPages: { type: 'boolean', description: 'Whether there is more than one page.' },
    nextCursor: {
      type: ['string', 'null'],
      description: 'Pass as ?cursor= (or body cursor) for the next page; null on the last page.',
    },
    previousCursor: {
      type: ['string', 'null'],
      description: 'Cursor of the previous page; null on the first page.',
    },
    perPage: { type: 'integer', const: ALPHA_PER_PAGE },
  }),
});

export const alphaPaymentServicesSchema: Schema = {
  type: 'array',
  description: 'Every currency and network a payment can be made in, with limits and commission.',
  items: closedObject('A payment service.', {
    network: text('Network, e.g. tron.'),
    currency: text('Ticker, e.g. USDT.'),
    is_available: { type: 'boolean', description: 'Whether the merchant accepts this currency.' },
    limit: closedObject('Payer amount limits in currency.', {
      min_amount: money('Smallest payer amount.'),
      max_amount: money('Largest payer amount.'),
    }),
    commission: closedObject('What forwarding a payment to the merchant costs.', {
      fee_amount: money('Network fee, in currency.'),
      percent: text('Service commission in percent.', { pattern: '^\\d+\\.\\d{2}$' }),
    }),
  }),
};

export const alphaExchangeRatesSchema: Schema = {
  type: 'array',
  description: 'Rates from the base currency to every other catalogue currency.',
  items: closedObject('An exchange rate.', {
    from: text('Base ticker.'),
    to: text('Quote ticker.'),
    course: money('Units of `to` one unit of `from` buys.'),
  }),
};

export const alphaInvalidSignSchema: Schema = closedObject(
  'Missing or wrong merchant/sign headers (upstream body: no state).',
  {
    message: text('Always "Invalid Sign."', { const: 'Invalid Sign.' }),
  },
);

export const alphaValidationErrorSchema: Schema = closedObject('Validation failure (HTTP 422).', {
  state: { type: 'integer', const: 1 },
  message: text('Summary.'),
  errors: {
    type: 'object',
    description: 'Failing fields, each with its Laravel rule keys.',
    additionalProperties: { type: 'array', items: text('Rule key.', { pattern: '^validation\\.[a-z_.]+$' }) },
  },
});

export const alphaErrorSchema: Schema = closedObject('Business failure, e.g. "Payment not found".', {
  state: { type: 'integer', const: 1 },
  message: text('What went wrong.'),
});

/** A static wallet (pyCryptomusAPI `Wallet`): the address and the ids a top-up's webhook and a block name. */
export const alphaStaticWalletSchema: Schema = closedObject('A static wallet.', {
  wallet_uuid: text("The merchant's wallet on this network.", { format: 'uuid' }),
  uuid: text("The static wallet (a top-up webhook's wallet_address_uuid).", { format: 'uuid' }),
  address: text("The merchant wallet's address held for this order."),
  network: text('Network, as family A names it.'),
  currency: text('Crypto it takes.'),
  url: text('QR code image (SVG) of the address.', { format: 'uri' }),
});

export const alphaQrCodeSchema: Schema = closedObject('A QR code.', {
  image: text('The PNG image as a data URL (data:image/png;base64,…).', {
    pattern: '^data:image/png;base64,',
  }),
});

export const alphaBlockedWalletSchema: Schema = closedObject('The blocked static wallet.', {
  uuid: text('The static wallet.', { format: 'uuid' }),
  status: text('blocked.', { enum: ['blocked'] }),
});
