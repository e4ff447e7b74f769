import { PAYMENT_STATUSES, alphaStatus, betaStatus } from '@gw/domain';
import type { Schema } from '../messages/schema-builders';
import { MONEY_PATTERN } from './alpha/fields';
import { ADDED, SANDBOX_FLAG, testPaymentFlag } from './test-payment';
import { integerField, nullableStringField, numberField, responseObject, stringField } from './v1/fields';

/**
 * The payment webhook each family sends to the merchant's callback URL, as OpenAPI 3.1 `webhooks`:
 * the payload schema (what the notifier's payload builders produce; a notifier test holds them to it)
 * and how the merchant verifies the signature. Payloads are closed objects, so a field added to a
 * builder without its schema fails that test.
 */
export interface WebhookDocumentation {
  name: string;
  operationId: string;
  summary: string;
  description: string;
  signatureHeader?: { name: string; description: string };
  payload: Schema;
}

const str = stringField;
const nullableStr = nullableStringField;
const num = numberField;
const int = integerField;
const closed = responseObject;
/** Family A's money: a string with exactly 8 decimals. */
const money = (description: string): Schema => ({ type: 'string', pattern: MONEY_PATTERN, description });

const unique = (values: string[]): string[] => [...new Set(values)];

export const V1_IPN_PAYLOAD: Schema = closed('The V1 (NOWPayments) payment IPN.', {
  payment_id: int('Numeric payment id.'),
  parent_payment_id: { type: ['integer', 'null'], description: 'The parent of a repeated payment.' },
  invoice_id: nullableStr('Invoice the payment belongs to.'),
  payment_status: { type: 'string', enum: [...PAYMENT_STATUSES], description: 'Payment status.' },
  pay_address: str('Address the buyer pays to.'),
  payin_extra_id: nullableStr('Memo or destination tag, for networks that need one.'),
  price_amount: num('Amount in price_currency.'),
  price_currency: str('Currency of the price.'),
  pay_amount: num('Amount the buyer must send, in pay_currency.'),
  actually_paid: num('Amount received so far, in pay_currency.'),
  actually_paid_at_fiat: num('actually_paid in price_currency.'),
  pay_currency: str('Currency the buyer pays with.'),
  order_id: nullableStr('Merchant order identifier.'),
  order_description: nullableStr('Order description.'),
  purchase_id: str('Purchase id (a string, as upstream sends it).'),
  outcome_amount: num('Amount delivered to the merchant.'),
  outcome_currency: str('Currency delivered to the merchant.'),
  payin_hash: nullableStr(
    `${ADDED} transaction hash of the incoming payment (the first counted deposit), as in the payment record; null until one arrived.`,
  ),
  payment_extra_ids: {
    type: ['array', 'null'],
    items: { type: 'integer' },
    description: 'Repeated payments opened by late deposits; null when there are none.',
  },
  is_test: testPaymentFlag(ADDED),
  fee: closed('Fees, in outcome_currency.', {
    currency: str('Currency of the fees.'),
    depositFee: num('Deposit fee.'),
    withdrawalFee: num('Withdrawal fee.'),
    serviceFee: num('Service fee.'),
  }),
});

const ALPHA_STATUSES = unique([
  ...PAYMENT_STATUSES.map((status) => alphaStatus(status)),
  alphaStatus('finished', true),
  alphaStatus('finished', false, true),
]);

export const ALPHA_WEBHOOK_PAYLOAD: Schema = closed(
  'The family A (Cryptomus) payment webhook; `sign` is the last key.',
  {
    type: { type: 'string', const: 'payment', description: 'Webhook type.' },
    uuid: { type: 'string', format: 'uuid', description: 'Payment uuid.' },
    order_id: str('Merchant order id ("" when none).'),
    amount: money('Price amount.'),
    payment_amount: money('Everything the address received, late money included.'),
    payment_amount_usd: money('payment_amount in USD.'),
    merchant_amount: money(
      'What the merchant gets of payment_amount: all of it for a payment to its own wallet, less what a sandbox payout kept.',
    ),
    commission: money('What the service kept: 0 for a payment to the merchant wallet.'),
    is_final: { type: 'boolean', description: 'Whether the status is final.' },
    is_test: testPaymentFlag(ADDED),
    status: { type: 'string', enum: ALPHA_STATUSES, description: 'Cryptomus payment status.' },
    from: nullableStr('Sender of the first deposit.'),
    wallet_address_uuid: { type: 'null', description: 'Static wallets are not offered.' },
    network: str('Network code.'),
    currency: str('Price currency, upper case.'),
    payer_currency: str('Currency the buyer paid with.'),
    payer_amount: money('Amount the buyer must send.'),
    payer_amount_exchange_rate: money('Rate of payer_currency in the price currency.'),
    additional_data: nullableStr('The additional_data given at creation.'),
    txid: str('Latest transaction to the address; absent until one exists.'),
    sign: {
      type: 'string',
      pattern: '^[0-9a-f]{32}$',
      description: 'Signature, see the webhook description.',
    },
  },
  ['txid'],
);

export const BETA_WEBHOOK_PAYLOAD: Schema = closed('The family B (OxaPay) merchant webhook.', {
  track_id: str('Payment track id.'),
  status: {
    type: 'string',
    enum: unique([...PAYMENT_STATUSES.map((status) => betaStatus(status)), betaStatus('finished', true)]),
    description: 'OxaPay status.',
  },
  type: { type: 'string', const: 'invoice', description: 'Webhook type.' },
  module_name: str('Always "".'),
  amount: num('Price amount.'),
  value: num('Price in USD.'),
  sent_value: num('Received amount in USD.'),
  currency: str('Price currency, upper case.'),
  order_id: str('Merchant order id ("" when none).'),
  email: str('Payer email ("" when none).'),
  note: str('Always "".'),
  fee_paid_by_payer: { type: 'integer', enum: [0, 1], description: '1 when the payer pays the fee.' },
  under_paid_coverage: num('Underpayment tolerance, percent.'),
  description: str('Order description.'),
  date: int('Creation time, Unix seconds.'),
  sandbox: testPaymentFlag(SANDBOX_FLAG),
  txs: {
    type: 'array',
    description: 'One entry per deposit, late deposits included.',
    items: closed('A deposit.', {
      status: { type: 'string', enum: ['confirming', 'confirmed'], description: 'Deposit status.' },
      tx_hash: str('Transaction hash.'),
      sent_amount: num('Amount sent.'),
      received_amount: num('Amount received.'),
      value: num('Amount in USD.'),
      sent_value: num('Amount sent in USD.'),
      currency: str('Coin ticker.'),
      network: str('Network name.'),
      sender_address: str('Sender ("" when unknown).'),
      address: str('Pay address.'),
      rate: num('USD rate of the coin.'),
      confirmations: int('Confirmations.'),
      auto_convert_amount: num('Always 0.'),
      auto_convert_currency: str('to_currency, upper case ("" when none).'),
      date: int('Detection time, Unix seconds.'),
    }),
  },
});

export const FAMILY_WEBHOOKS: Record<'v1' | 'alpha' | 'beta', WebhookDocumentation> = {
  v1: {
    name: 'paymentIpn',
    operationId: 'v1PaymentIpn',
    summary: 'Payment IPN, POSTed to ipn_callback_url on every status change',
    description:
      'The body is the payload with its keys sorted at every depth, printed compactly. Verify ' +
      '`x-nowpayments-sig` = HMAC-SHA512 hex of the raw body with the IPN secret. Retried with backoff ' +
      'until the merchant answers 2xx.',
    signatureHeader: {
      name: 'x-nowpayments-sig',
      description: 'HMAC-SHA512 hex of the body, keyed by the IPN secret.',
    },
    payload: V1_IPN_PAYLOAD,
  },
  alpha: {
    name: 'paymentWebhook',
    operationId: 'alphaPaymentWebhook',
    summary: 'Payment webhook, POSTed to url_callback on every status change',
    description:
      'Verify: remove `sign` from the parsed body, JSON-encode the rest as PHP json_encode does ' +
      '(compact, `/` escaped as `\\/`, unicode unescaped), and compare md5 hex of base64(that JSON) + ' +
      'payment key with `sign`. Retried with backoff until the merchant answers 2xx.',
    payload: ALPHA_WEBHOOK_PAYLOAD,
  },
  beta: {
    name: 'paymentWebhook',
    operationId: 'betaPaymentWebhook',
    summary: 'Merchant webhook, POSTed to callback_url on every status change',
    description:
      'Verify the `HMAC` header = HMAC-SHA512 hex of the raw body with the merchant API key. Retried ' +
      'with backoff until the merchant answers 2xx.',
    signatureHeader: {
      name: 'HMAC',
      description: 'HMAC-SHA512 hex of the body, keyed by the merchant API key.',
    },
    payload: BETA_WEBHOOK_PAYLOAD,
  },
};

/** The OpenAPI 3.1 `webhooks` object of one family. */
export function openApiWebhooks(webhook: WebhookDocumentation): Record<string, unknown> {
  return {
    [webhook.name]: {
      post: {
        operationId: webhook.operationId,
        summary: webhook.summary,
        description: webhook.description,
        security: [],
        parameters: webhook.signatureHeader
          ? [
              {
                name: webhook.signatureHeader.name,
                in: 'header',
                required: true,
                description: webhook.signatureHeader.description,
                schema: { type: 'string', pattern: '^[0-9a-f]{128}$' },
              },
            ]
          : [],
        requestBody: { required: true, content: { 'application/json': { schema: webhook.payload } } },
        responses: { '200': { description: 'Any 2xx acknowledges the webhook; anything else is retried.' } },
      },
    },
  };
}
