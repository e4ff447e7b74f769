import type { Schema } from '../../messages/schema-builders';
import type { OperationResponse } from '../operation-links';
import { BETA_CUSTODIAL_OPERATIONS } from './custodial';
import {
  betaCreateInvoiceBody,
  betaCreateStaticAddressBody,
  betaCreateWhiteLabelBody,
  betaPaymentListQuery,
  betaRevokeStaticAddressBody,
  betaStaticAddressListQuery,
  betaTrackIdParam,
} from './requests.schemas';
import {
  betaAcceptedCurrenciesSchema,
  betaCreatedInvoiceSchema,
  betaCreatedStaticAddressSchema,
  betaCreatedWhiteLabelSchema,
  betaCurrenciesSchema,
  betaErrorSchema,
  betaFiatsSchema,
  betaMonitorSchema,
  betaNetworksSchema,
  betaPricesSchema,
  betaPaymentInformationSchema,
  betaPaymentListSchema,
  betaStaticAddressListSchema,
  betaSuccess,
} from './responses.schemas';

export interface BetaOperation {
  operationId: string;
  method: 'get' | 'post';
  /** OpenAPI path templates: the list answers with and without the trailing slash. */
  paths: string[];
  summary: string;
  /** Requires a key header: `merchant_api_key`, or `keyHeader` when set. */
  auth: boolean;
  /** The key header of upstream's custodial calls, which carries the merchant's API key here. */
  keyHeader?: 'payout_api_key' | 'general_api_key';
  /** Takes an optional `Idempotency-Key` header. */
  idempotent: boolean;
  pathParams?: Record<string, Schema>;
  query?: Schema;
  body?: Schema;
  responses: Record<number, OperationResponse>;
}

const error = (description: string) => ({ description, schema: betaErrorSchema });
const unauthorized = { 401: error('merchant_api_key missing or unknown (authentication_error).') };

const rateLimited = {
  429: error(
    'Over the RATE_LIMIT_BETA requests of this minute (rate_limit); Retry-After gives the seconds to wait.',
  ),
};

const OPERATIONS: BetaOperation[] = [
  {
    operationId: 'betaCreateInvoice',
    method: 'post',
    paths: ['/beta/v1/payment/invoice'],
    summary: 'Creates an invoice; the buyer pays on the hosted page at payment_url.',
    auth: true,
    idempotent: true,
    body: betaCreateInvoiceBody,
    responses: {
      200: {
        description: 'The invoice.',
        schema: betaSuccess('The created invoice.', betaCreatedInvoiceSchema),
        links: {
          PaymentHistoryOfInvoice: {
            operationId: 'betaPaymentHistory',
            parameters: { track_id: '$response.body#/data/track_id' },
          },
        },
      },
      400: error(
        'A field is missing or invalid, or the body is not JSON (validation_error, key = the field).',
      ),
      ...unauthorized,
      413: error('Body larger than the configured limit.'),
      415: error('Content-Type other than application/json.'),
      409: error('The Idempotency-Key was used with another body, or its first request is still running.'),
      503: error('Payments did not answer in time.'),
    },
  },
  {
    operationId: 'betaCreateWhiteLabel',
    method: 'post',
    paths: ['/beta/v1/payment/white-label'],
    summary:
      "Creates a white-label payment: its address, amount and expiry are answered at once, for the merchant's own page (oxapay-python Payment.generate_white_label). Admitted by the invoice's rule.",
    auth: true,
    idempotent: true,
    body: betaCreateWhiteLabelBody,
    responses: {
      200: {
        description: 'The payment.',
        schema: betaSuccess('The created white-label payment.', betaCreatedWhiteLabelSchema),
        links: {
          PaymentInformationOfWhiteLabel: {
            operationId: 'betaPaymentInformation',
            parameters: { track_id: '$response.body#/data/track_id' },
          },
        },
      },
      400: error(
        'A field is missing or invalid, the coin is not one the merchant is paid in, or the body is not JSON (validation_error, key = the field).',
      ),
      ...unauthorized,
      413: error('Body larger than the configured limit.'),
      415: error('Content-Type other than application/json.'),
      409: error('The Idempotency-Key was used with another body, or its first request is still running.'),
      503: error('Payments did not answer in time.'),
    },
  },
  {
    operationId: 'betaCreateStaticAddress',
    method: 'post',
    paths: ['/beta/v1/payment/static-address'],
    summary:
      "Hands out a static address: the merchant wallet's next address on the network, held for one customer for good; every deposit to it becomes a payment of type static_address with its own webhook (oxapay-python Payment.generate_static_address). Only on a network whose wallet is watched.",
    auth: true,
    idempotent: true,
    body: betaCreateStaticAddressBody,
    responses: {
      200: {
        description: 'The address (the same one for an order asked again).',
        schema: betaSuccess('The static address.', betaCreatedStaticAddressSchema),
      },
      400: error(
        "A field is missing or invalid, the network has no watched wallet of the merchant, or the order's address was revoked (validation_error, key = the field).",
      ),
      ...unauthorized,
      413: error('Body larger than the configured limit.'),
      415: error('Content-Type other than application/json.'),
      409: error('The Idempotency-Key was used with another body, or its first request is still running.'),
      503: error('Payments did not answer in time.'),
    },
  },
  {
    operationId: 'betaRevokeStaticAddress',
    method: 'post',
    paths: ['/beta/v1/payment/static-address/revoke'],
    summary:
      'Revokes a static address: deposits from now on are recorded and listed (refused_txs), never credited (oxapay-python Payment.revoke_static_address).',
    auth: true,
    idempotent: false,
    body: betaRevokeStaticAddressBody,
    responses: {
      200: {
        description: 'Revoked (again: nothing changes).',
        schema: betaSuccess('Nothing.', { type: 'object', maxProperties: 0 }),
      },
      400: error('A field is missing or invalid (validation_error).'),
      ...unauthorized,
      404: error("No such address among the merchant's static addresses (not_found)."),
      503: error('Payments did not answer in time.'),
    },
  },
  {
    operationId: 'betaStaticAddressList',
    method: 'get',
    paths: ['/beta/v1/payment/static-address'],
    summary:
      "The merchant's static addresses, newest first, each with the deposits it credited and refused (oxapay-python Payment.static_address_list).",
    auth: true,
    idempotent: false,
    query: betaStaticAddressListQuery,
    responses: {
      200: {
        description: 'One page.',
        schema: betaSuccess('One page of static addresses.', betaStaticAddressListSchema),
      },
      400: error('A filter or paging parameter is invalid.'),
      ...unauthorized,
    },
  },
  {
    operationId: 'betaPaymentHistory',
    method: 'get',
    paths: ['/beta/v1/payment', '/beta/v1/payment/'],
    summary: "The merchant's payments of every family, filtered, sorted and paged.",
    auth: true,
    idempotent: false,
    query: betaPaymentListQuery,
    responses: {
      200: { description: 'One page.', schema: betaSuccess('One page of payments.', betaPaymentListSchema) },
      400: error('A filter, sort or paging parameter is invalid.'),
      ...unauthorized,
    },
  },
  {
    operationId: 'betaAcceptedCurrencies',
    method: 'get',
    paths: ['/beta/v1/payment/accepted-currencies'],
    summary:
      "The currencies the merchant can be paid in now, by the invoice's admission rule (oxapay-python Payment.accepted_currencies).",
    auth: true,
    idempotent: false,
    responses: {
      200: {
        description: 'The symbols.',
        schema: betaSuccess('Accepted currency symbols.', betaAcceptedCurrenciesSchema),
      },
      ...unauthorized,
    },
  },
  {
    operationId: 'betaPaymentInformation',
    method: 'get',
    paths: ['/beta/v1/payment/{track_id}'],
    summary:
      'One payment of the merchant with its transactions (txs), as oxapay-python Payment.information reads it.',
    auth: true,
    idempotent: false,
    pathParams: { track_id: betaTrackIdParam },
    responses: {
      200: {
        description: 'The payment.',
        schema: betaSuccess('The payment and its transactions.', betaPaymentInformationSchema),
      },
      ...unauthorized,
      404: error("No such payment among the merchant's payments (not_found)."),
    },
  },
  {
    operationId: 'betaCurrencies',
    method: 'get',
    paths: ['/beta/v1/common/currencies'],
    summary: 'Crypto currencies with their networks, confirmations, fees and minimums; no key needed.',
    auth: false,
    idempotent: false,
    responses: {
      200: { description: 'Currencies.', schema: betaSuccess('Currencies by symbol.', betaCurrenciesSchema) },
    },
  },
  {
    operationId: 'betaFiats',
    method: 'get',
    paths: ['/beta/v1/common/fiats'],
    summary: 'Fiat currencies with their USD price; no key needed.',
    auth: false,
    idempotent: false,
    responses: {
      200: { description: 'Fiat currencies.', schema: betaSuccess('Fiats by symbol.', betaFiatsSchema) },
    },
  },
  {
    operationId: 'betaPrices',
    method: 'get',
    paths: ['/beta/v1/common/prices'],
    summary:
      'The USD price of each payable crypto currency, as oxapay-python Common.prices reads it; no key needed.',
    auth: false,
    idempotent: false,
    responses: {
      200: { description: 'Prices.', schema: betaSuccess('Prices by symbol.', betaPricesSchema) },
    },
  },
  {
    operationId: 'betaNetworks',
    method: 'get',
    paths: ['/beta/v1/common/networks'],
    summary:
      'The networks payments can be made on, as oxapay-python Common.networks reads them; no key needed.',
    auth: false,
    idempotent: false,
    responses: {
      200: { description: 'Networks.', schema: betaSuccess('Network names.', betaNetworksSchema) },
    },
  },
  {
    operationId: 'betaMonitor',
    method: 'get',
    paths: ['/beta/v1/common/monitor'],
    summary: 'Whether the API is operational (oxapay-python Common.monitor); no key needed.',
    auth: false,
    idempotent: false,
    responses: {
      200: { description: 'Status.', schema: betaSuccess('The status.', betaMonitorSchema) },
    },
  },
];

/** Every family B endpoint with its request and response schemas: the source of the OpenAPI paths. */
export const BETA_OPERATIONS: readonly BetaOperation[] = [...OPERATIONS, ...BETA_CUSTODIAL_OPERATIONS].map(
  (operation) => ({
    ...operation,
    responses: { ...operation.responses, ...rateLimited },
  }),
);
