import type { Schema } from '../../messages/schema-builders';
import { ALPHA_CUSTODIAL_OPERATIONS } from './custodial';
import {
  alphaBlockWalletBody,
  alphaCreatePaymentBody,
  alphaCreateWalletBody,
  alphaExchangeRateParams,
  alphaPaymentInfoBody,
  alphaPaymentListBody,
  alphaPaymentListQuery,
  alphaPaymentQrBody,
  alphaRefundBody,
  alphaWalletQrBody,
} from './requests.schemas';
import {
  alphaBlockedWalletSchema,
  alphaErrorSchema,
  alphaStaticWalletSchema,
  alphaExchangeRatesSchema,
  alphaInvalidSignSchema,
  alphaPaymentListSchema,
  alphaPaymentRecordSchema,
  alphaPaymentServicesSchema,
  alphaQrCodeSchema,
  alphaSuccess,
  alphaValidationErrorSchema,
} from './responses.schemas';

export interface AlphaOperation {
  operationId: string;
  method: 'get' | 'post';
  /** OpenAPI path template. */
  path: string;
  summary: string;
  /** How the `sign` header is computed for this call. */
  signing: string;
  /** Takes an optional `Idempotency-Key` header. */
  idempotent: boolean;
  pathParams?: Schema;
  query?: Schema;
  body?: Schema;
  responses: Record<number, { description: string; schema: Schema }>;
}

const invalidSign = {
  401: { description: 'merchant or sign header missing or wrong.', schema: alphaInvalidSignSchema },
};
/** 422 carries per-field rule keys for a malformed field, or only a message for a rule on valid fields. */
const validation = (description: string) => ({
  422: { description, schema: { anyOf: [alphaValidationErrorSchema, alphaErrorSchema] } },
});
const unavailable = { 503: { description: 'Payments did not answer in time.', schema: alphaErrorSchema } };
/** What the body parser refuses before the signature is checked. */
const unreadableBody = {
  400: { description: 'The body is not JSON (or not UTF-8), or nests too deep.', schema: alphaErrorSchema },
  413: { description: 'Body larger than the configured limit.', schema: alphaErrorSchema },
  415: { description: 'Content-Type other than application/json.', schema: alphaErrorSchema },
};
const overRawBody = 'md5(base64(exact request body bytes) + payment key).';
const overEmptyBody =
  'md5(base64("{}") + payment key); a body of "" (md5(key)) or PHP\'s "[]" is accepted too.';

const rateLimited = {
  429: {
    description: 'Over the RATE_LIMIT_ALPHA requests of this minute; Retry-After gives the seconds to wait.',
    schema: alphaErrorSchema,
  },
};

const OPERATIONS: AlphaOperation[] = [
  {
    operationId: 'alphaCreateWallet',
    method: 'post',
    path: '/alpha/v1/wallet',
    summary:
      "Creates a static wallet: the merchant wallet's next address on the network, held for the order for good (the same one for the order asked again); every top-up is a payment reported with type wallet (pyCryptomusAPI create_wallet, cryptomus Payment.create_wallet). Only on a network whose wallet is watched.",
    signing: overRawBody,
    idempotent: true,
    body: alphaCreateWalletBody,
    responses: {
      200: {
        description: 'The wallet.',
        schema: alphaSuccess('The static wallet.', alphaStaticWalletSchema),
      },
      ...invalidSign,
      ...unreadableBody,
      409: {
        description: 'The Idempotency-Key was used with another body, or its first request is still running.',
        schema: alphaErrorSchema,
      },
      ...validation(
        "A field is malformed, the currency is not taken on the network, the merchant's wallet there is not watched, or the order's wallet was blocked.",
      ),
      ...unavailable,
    },
  },
  {
    operationId: 'alphaBlockWallet',
    method: 'post',
    path: '/alpha/v1/wallet/block-address',
    summary:
      'Blocks a static wallet: top-ups from now on are recorded and shown, never credited (pyCryptomusAPI block_wallet). is_force_refund is refused: the gateway holds no funds.',
    signing: overRawBody,
    idempotent: false,
    body: alphaBlockWalletBody,
    responses: {
      200: {
        description: 'Blocked (again: nothing changes).',
        schema: alphaSuccess('The wallet.', alphaBlockedWalletSchema),
      },
      ...invalidSign,
      ...unreadableBody,
      404: { description: "No such static wallet among the merchant's.", schema: alphaErrorSchema },
      ...validation('Neither uuid nor order_id, or is_force_refund asked.'),
      ...unavailable,
    },
  },
  {
    operationId: 'alphaWalletQr',
    method: 'post',
    path: '/alpha/v1/wallet/qr',
    summary:
      "A PNG QR code (data URL) of a static wallet's address, as a wallet link without an amount (pyCryptomusAPI wallet_qr_code).",
    signing: overRawBody,
    idempotent: false,
    body: alphaWalletQrBody,
    responses: {
      200: { description: 'The QR code.', schema: alphaSuccess('The image.', alphaQrCodeSchema) },
      ...invalidSign,
      ...unreadableBody,
      404: { description: "No such static wallet among the merchant's.", schema: alphaErrorSchema },
      ...validation('wallet_address_uuid missing or malformed.'),
    },
  },
  {
    operationId: 'alphaCreatePayment',
    method: 'post',
    path: '/alpha/v1/payment',
    summary: 'Creates a payment, or returns the open payment that already has this order_id.',
    signing: overRawBody,
    idempotent: true,
    body: alphaCreatePaymentBody,
    responses: {
      200: {
        description: 'The payment.',
        schema: alphaSuccess('The created (or existing) payment.', alphaPaymentRecordSchema),
      },
      ...invalidSign,
      ...unreadableBody,
      409: {
        description: 'The Idempotency-Key was used with another body, or its first request is still running.',
        schema: alphaErrorSchema,
      },
      ...validation(
        'A field is missing or invalid, the currency is unknown, or the payer amount is outside the limits.',
      ),
      ...unavailable,
    },
  },
  {
    operationId: 'alphaPaymentInfo',
    method: 'post',
    path: '/alpha/v1/payment/info',
    summary: 'One payment of the merchant by uuid or order_id (order_id wins when both are given).',
    signing: overRawBody,
    idempotent: false,
    body: alphaPaymentInfoBody,
    responses: {
      200: { description: 'The payment.', schema: alphaSuccess('The payment.', alphaPaymentRecordSchema) },
      ...invalidSign,
      ...unreadableBody,
      404: { description: 'No such payment for this merchant.', schema: alphaErrorSchema },
      ...validation('Neither uuid nor order_id given, or one is malformed.'),
    },
  },
  {
    operationId: 'alphaPaymentQr',
    method: 'post',
    path: '/alpha/v1/payment/qr',
    summary:
      "A PNG QR code (data URL) of the payment's wallet link: its address, coin and the amount still due, as its checkout page shows (pyCryptomusAPI payment_qr_code).",
    signing: overRawBody,
    idempotent: false,
    body: alphaPaymentQrBody,
    responses: {
      200: { description: 'The QR code.', schema: alphaSuccess('The image.', alphaQrCodeSchema) },
      ...invalidSign,
      ...unreadableBody,
      404: { description: 'No such payment for this merchant.', schema: alphaErrorSchema },
      ...validation('merchant_payment_uuid missing or malformed.'),
    },
  },
  {
    operationId: 'alphaPaymentRefund',
    method: 'post',
    path: '/alpha/v1/payment/refund',
    summary:
      "Asks for a refund of everything the payment received, to the buyer's address (uuid wins over order_id). The gateway holds no keys: the merchant sends the refund from its own wallet (the dashboard and `gateway payment refund-status` show what to send); the payment shows refund_process until the chain watcher sees that transaction confirmed, then refund_paid, each with a webhook.",
    signing: overRawBody,
    idempotent: false,
    body: alphaRefundBody,
    responses: {
      200: {
        description: 'The refund is recorded.',
        schema: alphaSuccess('Always an empty list.', { type: 'array', maxItems: 0 }),
      },
      ...invalidSign,
      ...unreadableBody,
      ...validation(
        "No such payment for this merchant ('Payment was not found', as upstream); address, is_subtract, or both uuid and order_id missing; the address is not one of the payment's network; or the payment cannot be refunded (not paid, or already refunded).",
      ),
    },
  },
  {
    operationId: 'alphaPaymentList',
    method: 'post',
    path: '/alpha/v1/payment/list',
    summary: "The merchant's payments of every family, newest first, 15 per page.",
    signing: overRawBody,
    idempotent: false,
    query: alphaPaymentListQuery,
    body: alphaPaymentListBody,
    responses: {
      200: {
        description: 'One page.',
        schema: alphaSuccess('One page of payments.', alphaPaymentListSchema),
      },
      ...invalidSign,
      ...unreadableBody,
      ...validation('A date or the cursor is malformed.'),
    },
  },
  {
    operationId: 'alphaPaymentServices',
    method: 'post',
    path: '/alpha/v1/payment/services',
    summary: 'Currencies and networks payments can be made in, with limits and commission.',
    signing: overEmptyBody,
    idempotent: false,
    responses: {
      200: {
        description: 'Payment services.',
        schema: alphaSuccess('Payment services.', alphaPaymentServicesSchema),
      },
      ...invalidSign,
      ...unreadableBody,
    },
  },
  exchangeRates('get', 'alphaExchangeRates', 'Rates from one currency to every other catalogue currency.'),
  exchangeRates(
    'post',
    'alphaExchangeRatesPost',
    'The same rates by POST, for the official PHP SDK, whose request builder can only POST.',
  ),
];

/** Every family A endpoint with its request and response schemas: the source of the OpenAPI paths. */
export const ALPHA_OPERATIONS: readonly AlphaOperation[] = [...OPERATIONS, ...ALPHA_CUSTODIAL_OPERATIONS].map(
  (operation) => ({
    ...operation,
    responses: { ...operation.responses, ...rateLimited },
  }),
);

function exchangeRates(method: 'get' | 'post', operationId: string, summary: string): AlphaOperation {
  return {
    operationId,
    method,
    path: '/alpha/v1/exchange-rate/{currency}/list',
    summary,
    signing: overEmptyBody,
    idempotent: false,
    pathParams: alphaExchangeRateParams,
    responses: {
      200: {
        description: 'Exchange rates.',
        schema: alphaSuccess('Exchange rates.', alphaExchangeRatesSchema),
      },
      ...invalidSign,
      ...unreadableBody,
      ...validation('Unknown currency.'),
    },
  };
}
