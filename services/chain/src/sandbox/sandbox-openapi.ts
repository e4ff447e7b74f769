import {
  openApiPaths,
  type DocumentedOperation,
  type PathItems,
  type Schema,
  type SecurityRequirement,
} from '@gw/contracts';
import { validateConfirmationsRequest, validateDepositRequest, validatePayRequest } from './request-schemas';

/** The sandbox takes any one family's credentials, so its schemes are the three families' own. */
export const SANDBOX_SECURITY_SCHEMES = {
  v1ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'V1 merchant API key.' },
  betaApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'merchant_api_key',
    description: 'Family B merchant API key.',
  },
  alphaMerchant: { type: 'apiKey', in: 'header', name: 'merchant', description: 'Family A merchant uuid.' },
  alphaSign: {
    type: 'apiKey',
    in: 'header',
    name: 'sign',
    description: 'Family A signature: md5 hex of base64(raw request body) + payment key.',
  },
} as const;

const ANY_FAMILY_CREDENTIALS: SecurityRequirement[] = [
  { v1ApiKey: [] },
  { betaApiKey: [] },
  { alphaMerchant: [], alphaSign: [] },
];

/** Errors use V1's shape. */
const errorSchema: Schema = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
};
const transaction: Schema = {
  type: 'object',
  description: 'A sandbox transaction: tx_hash, pay_address, amount, confirmations, from_address.',
};
const errors = Object.fromEntries(
  Object.entries({
    400: 'Invalid input.',
    401: 'No merchant credentials.',
    403: 'Credentials that match no merchant.',
    404: "No such payment or transaction of this merchant's.",
  }).map(([status, description]) => [status, { description, schema: errorSchema }]),
);
const paymentId = {
  paymentId: { type: 'string', pattern: '^\\d{1,16}$', description: 'Numeric payment id.' },
};
const schemaOf = (validate: { schema: unknown }) => validate.schema as Schema;

const OPERATIONS: (DocumentedOperation & { path: string })[] = [
  {
    operationId: 'sandboxSendDeposit',
    method: 'post',
    path: '/sandbox/v1/deposits',
    summary: 'Sends a simulated transaction to a pay address.',
    body: schemaOf(validateDepositRequest),
    responses: {
      202: { description: 'The transaction, seen by the watcher.', schema: transaction },
      ...errors,
    },
  },
  {
    operationId: 'sandboxConfirmDeposit',
    method: 'post',
    path: '/sandbox/v1/deposits/{txHash}/confirmations',
    summary: "Sets a sandbox transaction's confirmations.",
    pathParams: { txHash: { type: 'string', minLength: 1, description: 'Transaction hash.' } },
    body: schemaOf(validateConfirmationsRequest),
    responses: { 202: { description: 'The transaction.', schema: transaction }, ...errors },
  },
  {
    operationId: 'sandboxPayPayment',
    method: 'post',
    path: '/sandbox/v1/payments/{paymentId}/pay',
    summary: 'Pays a payment in one call: the outstanding amount unless `amount` is given, then confirmed.',
    pathParams: paymentId,
    body: schemaOf(validatePayRequest),
    responses: { 202: { description: 'The transaction.', schema: transaction }, ...errors },
  },
  {
    operationId: 'sandboxGetPayment',
    method: 'get',
    path: '/sandbox/v1/payments/{paymentId}',
    summary: 'What the sandbox chain saw for a payment: its status and deposits.',
    pathParams: paymentId,
    responses: {
      200: { description: 'The payment and its deposits.', schema: { type: 'object' } },
      ...errors,
    },
  },
];

/** OpenAPI 3.1 path items of the sandbox API (mounted only while the sandbox is enabled). */
export function sandboxOpenApiPaths(): PathItems {
  return openApiPaths(OPERATIONS, {
    tag: 'Sandbox (/sandbox/v1)',
    pathsOf: (operation) => [operation.path],
    security: () => ANY_FAMILY_CREDENTIALS,
  });
}
