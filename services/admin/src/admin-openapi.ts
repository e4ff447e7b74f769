import { openApiPaths, type DocumentedOperation, type PathItems, type Schema } from '@gw/contracts';
import {
  newPlanSchema,
  newSubscriptionSchema,
  PAYMENT_CSV_COLUMNS,
  refundRequestSchema,
  refundSchema,
  subscriptionStatusSchema,
} from '@gw/application';
import {
  createMerchantSchema,
  setCoinsSchema,
  setOutcomeCurrencySchema,
  setWalletSchema,
} from './admin-schemas';
import { DEFAULT_LIMIT, MAX_LIMIT } from './admin-params';
import { ADMIN_PREFIX } from './admin-router';
import { CREDENTIALS } from './admin-views';

export const ADMIN_SECURITY_SCHEMES = {
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator token (ADMIN_TOKEN). Without one configured the admin API answers 503.',
  },
} as const;

/** The admin API's one error shape (AdminErrorBody). */
const errorSchema: Schema = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  additionalProperties: false,
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
  },
};

const object = (description: string): Schema => ({ type: 'object', description });

const nullableText = (description: string): Schema => ({ type: ['string', 'null'], description });

const refundStatusSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'payment_id',
    'merchant_id',
    'payment_status',
    'refund_status',
    'address',
    'amount',
    'currency',
    'network',
    'payment_uri',
    'requested_at',
    'refund_hash',
    'refunded_at',
  ],
  properties: {
    payment_id: { type: 'integer' },
    merchant_id: { type: 'string' },
    payment_status: { type: 'string', description: 'The V1 status: it stays while a refund is pending.' },
    refund_status: { type: 'string', enum: ['none', 'pending', 'refunded'] },
    address: nullableText("The buyer's address the refund goes to."),
    amount: nullableText('What to send, a decimal string in the pay currency.'),
    currency: { type: 'string', description: 'Pay currency.' },
    network: { type: 'string', description: 'Pay network.' },
    payment_uri: nullableText('While pending: the wallet link (payment URI) for sending exactly that.'),
    requested_at: nullableText('When the refund was asked.'),
    refund_hash: nullableText('The refund transaction, once refunded.'),
    refunded_at: nullableText('When the payment became refunded.'),
  },
};
const id = (description: string): Schema => ({ type: 'string', minLength: 1, description });
const merchantId = { merchantId: id('Merchant id.') };
const errors = (more: Record<number, string> = {}) =>
  Object.fromEntries(
    Object.entries({
      400: 'Invalid input.',
      401: 'Missing or wrong admin token.',
      404: 'No such record.',
      ...more,
      503: 'The admin API is disabled (no ADMIN_TOKEN).',
    }).map(([status, description]) => [status, { description, schema: errorSchema }]),
  );

interface AdminOperation extends DocumentedOperation {
  path: string;
}

const OPERATIONS: AdminOperation[] = [
  {
    operationId: 'adminCreateMerchant',
    method: 'post',
    path: '/merchants',
    summary: 'Creates a merchant and returns its credentials, which are shown only here.',
    body: createMerchantSchema,
    responses: {
      201: { description: 'The merchant and its keys.', schema: object('Merchant and keys.') },
      ...errors(),
    },
  },
  {
    operationId: 'adminListMerchants',
    method: 'get',
    path: '/merchants',
    summary: 'Lists merchants (no credentials).',
    query: {
      type: 'object',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
        offset: { type: 'integer', minimum: 0, default: 0 },
      },
    },
    responses: {
      200: { description: 'A page of merchants.', schema: object('{count, limit, offset, result}.') },
      ...errors(),
    },
  },
  {
    operationId: 'adminGetMerchant',
    method: 'get',
    path: '/merchants/{merchantId}',
    summary: 'One merchant (no credentials).',
    pathParams: merchantId,
    responses: { 200: { description: 'The merchant.', schema: object('Merchant.') }, ...errors() },
  },
  {
    operationId: 'adminRotateMerchantCredential',
    method: 'post',
    path: '/merchants/{merchantId}/keys/{credential}/rotate',
    summary: 'Replaces one credential; the old one stops working at once.',
    pathParams: { ...merchantId, credential: { type: 'string', enum: Object.keys(CREDENTIALS) } },
    responses: { 200: { description: 'The new credential.', schema: object('The new key.') }, ...errors() },
  },
  {
    operationId: 'adminSetMerchantCoins',
    method: 'put',
    path: '/merchants/{merchantId}/coins',
    summary: 'Sets the coins a merchant accepts (null: every coin with a wallet).',
    pathParams: merchantId,
    body: setCoinsSchema,
    responses: { 200: { description: 'The merchant.', schema: object('Merchant.') }, ...errors() },
  },
  {
    operationId: 'adminSetMerchantOutcomeCurrency',
    method: 'put',
    path: '/merchants/{merchantId}/outcome-currency',
    summary:
      "Sets the currency the merchant's amounts are reported in by default: any catalogue currency, crypto or fiat (null: the coin paid).",
    pathParams: merchantId,
    body: setOutcomeCurrencySchema,
    responses: {
      200: {
        description: 'The outcome currency, in its catalogue spelling.',
        schema: object('Outcome currency.'),
      },
      ...errors(),
    },
  },
  {
    operationId: 'adminSetMerchantWallet',
    method: 'put',
    path: '/merchants/{merchantId}/wallets/{network}',
    summary: "Sets the merchant's wallet on a network: pay addresses are derived from its public key.",
    pathParams: { ...merchantId, network: id('Network code, e.g. btc.') },
    body: setWalletSchema,
    responses: {
      200: { description: 'The wallet.', schema: object('Wallet.') },
      ...errors({ 409: 'Refused.' }),
    },
  },
  {
    operationId: 'adminRemoveMerchantWallet',
    method: 'delete',
    path: '/merchants/{merchantId}/wallets/{network}',
    summary:
      "Removes the merchant's wallet from a network: new payments there are refused; payments already paying to its addresses are still watched.",
    pathParams: { ...merchantId, network: id('Network code, e.g. btc.') },
    responses: {
      200: { description: 'The removed wallet.', schema: object('{merchant_id, network, removed}.') },
      ...errors(),
    },
  },
  {
    operationId: 'adminListMerchantWallets',
    method: 'get',
    path: '/merchants/{merchantId}/wallets',
    summary: "The merchant's wallets and whether a watcher runs for each.",
    pathParams: merchantId,
    responses: { 200: { description: 'The wallets.', schema: object('Wallets.') }, ...errors() },
  },
  {
    operationId: 'adminCreateSubscriptionPlan',
    method: 'post',
    path: '/merchants/{merchantId}/subscription-plans',
    summary: 'Creates a recurring-payment plan for a merchant.',
    pathParams: merchantId,
    body: newPlanSchema,
    responses: { 201: { description: 'The plan.', schema: object('Plan.') }, ...errors() },
  },
  {
    operationId: 'adminCreateSubscription',
    method: 'post',
    path: '/merchants/{merchantId}/subscriptions',
    summary: 'Subscribes an email address to a plan.',
    pathParams: merchantId,
    body: newSubscriptionSchema,
    responses: { 201: { description: 'The subscription.', schema: object('Subscription.') }, ...errors() },
  },
  {
    operationId: 'adminChangeSubscriptionStatus',
    method: 'patch',
    path: '/subscriptions/{subscriptionId}',
    summary: 'Pauses, resumes or cancels a subscription.',
    pathParams: { subscriptionId: id('Subscription id.') },
    body: subscriptionStatusSchema,
    responses: {
      200: { description: 'The subscription.', schema: object('Subscription.') },
      ...errors({ 409: 'Refused.' }),
    },
  },
  {
    operationId: 'adminExportPayments',
    method: 'get',
    path: '/payments/export',
    summary:
      "Streams payments as CSV (RFC 4180, newest first, formula-like cells prefixed with '), one merchant's or every merchant's, filtered as the dashboard's payment list.",
    query: {
      type: 'object',
      properties: {
        merchant_id: { type: 'string', format: 'uuid', description: "Only this merchant's payments." },
        status: { type: 'string', description: 'Payment status.' },
        family: { type: 'string', enum: ['v1', 'alpha', 'beta'] },
        currency: { type: 'string', description: 'Pay currency code.' },
        network: { type: 'string', description: 'Pay network code.' },
        from: { type: 'string', format: 'date', description: 'First UTC day created, inclusive.' },
        to: { type: 'string', format: 'date', description: 'Last UTC day created, inclusive.' },
      },
    },
    responses: {
      200: {
        description: `An attachment with a header row: ${PAYMENT_CSV_COLUMNS.join(', ')}.`,
        schema: { type: 'string' },
        mediaType: 'text/csv',
      },
      ...errors(),
    },
  },
  {
    operationId: 'adminRefundPayment',
    method: 'post',
    path: '/payments/{paymentId}/refund',
    summary: 'Marks a payment refunded by hand (the refund went back without a request the watcher follows).',
    pathParams: { paymentId: { type: 'string', pattern: '^\\d+$', description: 'Numeric payment id.' } },
    body: refundSchema,
    responses: {
      200: { description: 'The payment.', schema: object('Payment.') },
      ...errors({ 409: 'Refused.' }),
    },
  },
  {
    operationId: 'adminRequestRefund',
    method: 'post',
    path: '/payments/{paymentId}/refund-request',
    summary:
      "Asks for a refund of a finished or partially paid payment: the merchant sends `amount` (default: everything the payment received, in its pay currency) to the buyer's `address` (of the payment's network) from its own wallet; the chain watcher marks the payment refunded once that transaction is confirmed. Asking again replaces the pending request.",
    pathParams: { paymentId: { type: 'string', pattern: '^\\d+$', description: 'Numeric payment id.' } },
    body: refundRequestSchema,
    responses: {
      200: {
        description: 'Where the refund stands (as GET /payments/{paymentId}/refund).',
        schema: refundStatusSchema,
      },
      ...errors({ 409: 'The payment cannot be refunded (not paid, or already refunded).' }),
    },
  },
  {
    operationId: 'adminGetRefund',
    method: 'get',
    path: '/payments/{paymentId}/refund',
    summary:
      "Where a payment's refund stands: none, pending (what to send, and the wallet link) or refunded (with the transaction).",
    pathParams: { paymentId: { type: 'string', pattern: '^\\d+$', description: 'Numeric payment id.' } },
    responses: {
      200: { description: 'The refund.', schema: refundStatusSchema },
      ...errors(),
    },
  },
  {
    operationId: 'adminListQuarantinedCommits',
    method: 'get',
    path: '/outbox/quarantine',
    summary:
      'Commits the outbox relay set aside because payments.events would refuse them (stream, versions, reason); each holds back the later commits of its stream.',
    responses: {
      200: {
        description: 'The quarantined commits, oldest first.',
        schema: object(
          '{count, result: [{commit_id, stream_id, first_version, last_version, event_types, reason, quarantined_at}]}.',
        ),
      },
      ...errors(),
    },
  },
  {
    operationId: 'adminRetryQuarantinedCommits',
    method: 'post',
    path: '/outbox/quarantine/retry',
    summary:
      'Puts every quarantined commit back in the outbox (after a schema or registry fix); one that still cannot be published is set aside again.',
    responses: {
      200: { description: 'The commits retried.', schema: object('{retried, commit_ids}.') },
      ...errors(),
    },
  },
  {
    operationId: 'adminRetryQuarantinedCommit',
    method: 'post',
    path: '/outbox/quarantine/{commitId}/retry',
    summary: 'Puts one quarantined commit back in the outbox.',
    pathParams: { commitId: id('Commit id, as listed.') },
    responses: {
      200: { description: 'The commit retried.', schema: object('{retried, commit_ids}.') },
      ...errors(),
    },
  },
];

/** OpenAPI 3.1 path items of the admin API, with the request schemas its routes validate with. */
export function adminOpenApiPaths(): PathItems {
  return openApiPaths(OPERATIONS, {
    tag: 'Admin (/admin/v1)',
    pathsOf: (operation) => [`${ADMIN_PREFIX}${operation.path}`],
    security: () => [{ adminToken: [] }],
  });
}
