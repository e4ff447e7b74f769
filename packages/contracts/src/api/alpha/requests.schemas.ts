import { PAYMENT_LIFETIMES } from '@gw/domain';
import type { Schema } from '../../messages/schema-builders';
import {
  ALPHA_DASH_PATTERN,
  COERCE,
  RULE,
  amountInput,
  flagInput,
  numberInput,
  stringInput,
  urlInput,
} from './fields';

const alphaLifetime = PAYMENT_LIFETIMES.alpha;
/** `lifetime` in seconds, as admission bounds it. */
export const ALPHA_LIFETIME = {
  minimum: alphaLifetime.minimumSeconds,
  maximum: alphaLifetime.maximumSeconds,
  default: alphaLifetime.defaultSeconds,
} as const;
export const ALPHA_PER_PAGE = 15;

/** "2025-01-31", "2025-01-31 9:05:00" (upstream's "YYYY-MM-DD H:mm:ss") or ISO 8601 with an optional offset. */
export const ALPHA_DATE_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(?:[ T]\\d{1,2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,6})?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?$';

const currencyCode = (description: string, nullable: boolean): Schema =>
  stringInput(
    `${description} Ticker such as "USDT", "BTC" or "USD" (a catalogue code such as "usdttrc20" also works).`,
    {
      minLength: 1,
      maxLength: 32,
      pattern: '^[A-Za-z0-9]+$',
      rule: 'alpha_num',
      nullable,
    },
  );

/** Bodies stay open: upstream fields this gateway does not use (currencies, course_source, ...) are accepted and ignored. */
function body(description: string, properties: Record<string, Schema>, required: string[] = []): Schema {
  return { type: 'object', description, properties, required, additionalProperties: true };
}

export const alphaCreatePaymentBody: Schema = body(
  'POST /alpha/v1/payment: creates a payment (an upstream "invoice"), or returns the open one with the same order_id.',
  {
    amount: amountInput('Amount to be paid, in currency.'),
    currency: currencyCode('Currency the amount is stated in, fiat or crypto.', false),
    order_id: {
      ...stringInput(
        'Order id in the merchant system, unique per merchant: an open payment with this order_id is returned instead of creating another. An integer (PHP int ids) is read as its digits.',
        { minLength: 1, maxLength: 128, pattern: ALPHA_DASH_PATTERN, rule: 'alpha_dash', nullable: false },
      ),
      [COERCE]: 'string',
    },
    network: stringInput('Network of the payer currency, e.g. "tron", "eth", "bsc", "polygon", "btc".', {
      minLength: 1,
      maxLength: 32,
    }),
    url_callback: urlInput('Webhook URL for status changes.'),
    url_return: urlInput('Where the buyer goes back to from the payment page.'),
    url_success: urlInput('Where the buyer is sent after a successful payment.'),
    is_payment_multiple: flagInput(
      'Whether the buyer may pay the remainder of an underpaid payment. Default true.',
    ),
    lifetime: numberInput(`Seconds the payment stays payable. Default ${ALPHA_LIFETIME.default}.`, {
      ...ALPHA_LIFETIME,
      integer: true,
    }),
    to_currency: currencyCode('Crypto the buyer pays with; the amount is converted into it.', true),
    subtract: numberInput('Percent of the network fee the buyer pays on top of the amount.', {
      minimum: 0,
      maximum: 100,
      integer: true,
    }),
    accuracy_payment_percent: numberInput(
      'Underpayment within this percent of the payer amount still counts as paid.',
      { minimum: 0, maximum: 5 },
    ),
    additional_data: stringInput('Free text kept with the payment and echoed back.', { maxLength: 255 }),
    discount_percent: numberInput('Discount for the buyer in percent; negative for a surcharge.', {
      minimum: -99,
      maximum: 100,
      integer: true,
    }),
    is_refresh: flagInput(
      'With an order_id whose payment expired: open it again with a new address and lifetime.',
    ),
  },
  ['amount', 'currency', 'order_id'],
);

const paymentUuid = stringInput('Payment uuid.', {
  maxLength: 36,
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  rule: 'uuid',
});
const paymentOrderId = stringInput('Order id given at creation.', { minLength: 1, maxLength: 128 });

/** One of uuid and order_id is required (Laravel's required_without on each). */
const uuidOrOrderId: Schema[] = [
  {
    required: ['uuid'],
    properties: { uuid: { type: 'string', [RULE]: 'required_without' } },
    [RULE]: 'required_without',
  },
  {
    required: ['order_id'],
    properties: { order_id: { type: 'string', [RULE]: 'required_without' } },
    [RULE]: 'required_without',
  },
];
/** POST /alpha/v1/wallet (pyCryptomusAPI create_wallet, cryptomus Payment.create_wallet). */
export const alphaCreateWalletBody: Schema = body(
  "POST /alpha/v1/wallet: a static wallet, the merchant wallet's next address held for one order; each top-up is a payment.",
  {
    network: stringInput('Network of the currency, e.g. "btc", "eth", "tron".', {
      minLength: 1,
      maxLength: 32,
      nullable: false,
    }),
    currency: currencyCode('Crypto the wallet takes.', false),
    order_id: {
      ...stringInput('Order id in the merchant system: asked again with it, the same wallet is answered.', {
        minLength: 1,
        maxLength: 100,
        pattern: ALPHA_DASH_PATTERN,
        rule: 'alpha_dash',
        nullable: false,
      }),
      [COERCE]: 'string',
    },
    url_callback: urlInput('Webhook URL for every top-up.'),
    from_referral_code: stringInput('Accepted for compatibility.', { maxLength: 255 }),
  },
  ['network', 'currency', 'order_id'],
);

/** POST /alpha/v1/wallet/block-address: by uuid or order_id; order_id wins when both are sent. */
export const alphaBlockWalletBody: Schema = {
  ...body('POST /alpha/v1/wallet/block-address: top-ups from now on are recorded, never credited.', {
    uuid: stringInput('Static wallet uuid.', {
      maxLength: 36,
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      rule: 'uuid',
    }),
    order_id: stringInput('Order id given at creation.', { minLength: 1, maxLength: 100 }),
    is_force_refund: flagInput(
      'Refunds every incoming payment: refused, the gateway holds no funds (a late top-up stays in the merchant wallet).',
    ),
  }),
  anyOf: [
    {
      required: ['uuid'],
      properties: { uuid: { type: 'string', [RULE]: 'required_without' } },
      [RULE]: 'required_without',
    },
    {
      required: ['order_id'],
      properties: { order_id: { type: 'string', [RULE]: 'required_without' } },
      [RULE]: 'required_without',
    },
  ],
};

const requiredUuid = (description: string): Schema =>
  stringInput(description, {
    maxLength: 36,
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    rule: 'uuid',
    nullable: false,
  });

/** POST /alpha/v1/payment/qr (pyCryptomusAPI payment_qr_code): the QR code of a payment's address. */
export const alphaPaymentQrBody: Schema = body(
  "POST /alpha/v1/payment/qr: a PNG QR code of the payment's wallet link.",
  { merchant_payment_uuid: requiredUuid('Payment uuid.') },
  ['merchant_payment_uuid'],
);

/** POST /alpha/v1/wallet/qr (pyCryptomusAPI wallet_qr_code): the QR code of a static wallet's address. */
export const alphaWalletQrBody: Schema = body(
  "POST /alpha/v1/wallet/qr: a PNG QR code of the static wallet's address.",
  { wallet_address_uuid: requiredUuid("Static wallet uuid (create_wallet's uuid).") },
  ['wallet_address_uuid'],
);

/** Both fields are optional, but one of them is required; order_id wins when both are sent. */
export const alphaPaymentInfoBody: Schema = {
  ...body('POST /alpha/v1/payment/info: one payment by uuid or order_id.', {
    uuid: paymentUuid,
    order_id: paymentOrderId,
  }),
  anyOf: uuidOrOrderId,
};

/**
 * Cryptomus `payment/refund` (doc.cryptomus.com/business/payments/refund, pyCryptomusAPI `refund`): the
 * buyer's address, `is_subtract` (who pays upstream's commission; there is none here, so it is read and
 * changes nothing), and the payment by uuid or order_id, the uuid winning when both are sent (as upstream
 * documents it for this call, unlike payment/info).
 */
export const alphaRefundBody: Schema = {
  ...body(
    "POST /alpha/v1/payment/refund: asks for a refund of everything the payment received, to the buyer's address; the merchant sends it from its own wallet and the payment becomes refund_paid when the chain shows it.",
    {
      address: stringInput("The buyer's address on the payment's network, where the refund goes.", {
        minLength: 1,
        maxLength: 128,
        nullable: false,
      }),
      is_subtract: flagInput(
        "Upstream: whether its commission comes off the merchant's balance or the refund; no commission is taken here.",
        { nullable: false },
      ),
      uuid: paymentUuid,
      order_id: paymentOrderId,
    },
    ['address', 'is_subtract'],
  ),
  anyOf: uuidOrOrderId,
};

const dateInput = (description: string): Schema =>
  stringInput(`${description} "YYYY-MM-DD H:mm:ss" (UTC) or ISO 8601.`, {
    maxLength: 40,
    pattern: ALPHA_DATE_PATTERN,
    rule: 'date',
  });

export const alphaPaymentListBody: Schema = body(
  `POST /alpha/v1/payment/list: the merchant's payments, newest first, ${ALPHA_PER_PAGE} per page.`,
  {
    date_from: dateInput('Earliest creation time, inclusive.'),
    date_to: dateInput('Latest creation time, inclusive.'),
    cursor: {
      description:
        'Page cursor from paginate.nextCursor/previousCursor, or a page number ("1" is the first page), as older SDKs send it in the body.',
      type: ['string', 'integer', 'null'],
      maxLength: 200,
      [RULE]: 'string',
    },
  },
);

export const alphaPaymentListQuery: Schema = {
  type: 'object',
  description: 'Query of POST /alpha/v1/payment/list.',
  properties: {
    cursor: {
      type: 'string',
      maxLength: 200,
      description: 'Page cursor from paginate.nextCursor/previousCursor; wins over a body cursor.',
      [RULE]: 'string',
    },
  },
  additionalProperties: true,
};

export const alphaExchangeRateParams: Schema = {
  type: 'object',
  properties: { currency: currencyCode('Base currency.', false) },
  required: ['currency'],
  additionalProperties: false,
};
