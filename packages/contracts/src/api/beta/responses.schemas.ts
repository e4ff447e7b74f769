import type { Schema } from '../../messages/schema-builders';
import { SANDBOX_FLAG, testPaymentFlag } from '../test-payment';
import { closedObject, integerField, numberField, text } from './fields';
import { BETA_PAYMENT_TYPES } from './requests.schemas';

export const BETA_VERSION = '1.0.0';
export const BETA_SUCCESS_MESSAGE = 'Operation completed successfully!';
/** What list items show in `status` (the domain's family B mapping). */
export const BETA_STATUSES = [
  'Waiting',
  'Paying',
  'Underpaid',
  'Paid',
  'Failed',
  'Refunding',
  'Refunded',
  'Expired',
] as const;
export const BETA_ERROR_TYPES = [
  'validation_error',
  'authentication_error',
  'not_found',
  'rate_limit',
  'server_error',
  'service_unavailable',
  /** A custodial call (payouts, balance, swaps): the gateway never holds funds. */
  'not_supported',
] as const;

const version = { type: 'string', const: BETA_VERSION };

/** Every success: `{data, message, error: {}, status: 200, version: "1.0.0"}`. */
export function betaSuccess(description: string, data: Schema): Schema {
  return closedObject(description, {
    data,
    message: text('Completion text.'),
    error: { type: 'object', description: 'Empty on success.', maxProperties: 0 },
    status: { type: 'integer', const: 200, description: 'Mirrors the HTTP status; clients check it.' },
    version,
  });
}

export const betaErrorSchema: Schema = closedObject(
  'Every failure: the same envelope, `status` equal to the HTTP status.',
  {
    data: { type: 'object', maxProperties: 0 },
    message: text('Summary of the failure.'),
    error: closedObject('What failed.', {
      type: text('Failure class.', { enum: [...BETA_ERROR_TYPES] }),
      key: text('The field or header at fault, or the resource.'),
      message: text('Laravel-style sentence, e.g. "The lifetime field must be an integer."'),
    }),
    status: integerField('HTTP status.', { minimum: 400, maximum: 599 }),
    version,
  },
);

export const betaCreatedInvoiceSchema: Schema = closedObject('The created invoice.', {
  track_id: text('Payment identifier (digits).', { pattern: '^[0-9]+$' }),
  payment_url: text('Hosted payment page.', { format: 'uri' }),
  expired_at: integerField('When the invoice stops being payable, Unix seconds.'),
  date: integerField('When it was created, Unix seconds.'),
});

/** The created white-label payment: what the merchant shows the payer on its own page (OxaPay's fields). */
export const betaCreatedWhiteLabelSchema: Schema = closedObject('The created white-label payment.', {
  track_id: text('Payment identifier (digits).', { pattern: '^[0-9]+$' }),
  amount: numberField('Amount in currency.'),
  currency: text("Symbol of the amount's currency, e.g. USD."),
  pay_amount: numberField('What the payer sends, in pay_currency.'),
  pay_currency: text('Symbol of the coin paid, e.g. BTC.'),
  network: text('Network name of the pay currency.'),
  address: text('The address the payer sends to: handed out to this payment alone.'),
  callback_url: text('Webhook URL; empty when none.'),
  description: text('Description; empty when none.'),
  email: text("Payer's e-mail; empty when none."),
  fee_paid_by_payer: integerField('1 when the payer covers the network fee.', { enum: [0, 1] }),
  lifetime: integerField('Minutes the payment stays payable.', { minimum: 1 }),
  order_id: text('Order id in the merchant system; empty when none.'),
  under_paid_coverage: numberField('Percent of underpayment still counted as paid.'),
  rate: numberField('Price of one pay_currency unit in currency, as the payment was priced.'),
  qr_code: text("QR code image (SVG) of the payment's wallet link for pay_amount.", { format: 'uri' }),
  expired_at: integerField('When the payment stops being payable, Unix seconds.'),
  date: integerField('When it was created, Unix seconds.'),
});

/** The static address handed out (or the order's, asked again). */
export const betaCreatedStaticAddressSchema: Schema = closedObject('The static address.', {
  track_id: text("The address's identifier (digits).", { pattern: '^[0-9]+$' }),
  network: text('Network name.'),
  address: text("The merchant wallet's address held for this customer."),
  qr_code: text('QR code image (SVG) of the address.', { format: 'uri' }),
  date: integerField('When it was handed out, Unix seconds.'),
});

const staticDepositFields = {
  tx_hash: text('Transaction hash.'),
  currency: text('Symbol of the coin received.'),
  amount: numberField('Amount received.'),
  date: integerField('When it was seen, Unix seconds.'),
};

export const betaStaticAddressItemSchema: Schema = closedObject('A static address with what it received.', {
  track_id: text("The address's identifier (digits).", { pattern: '^[0-9]+$' }),
  address: text('The address.'),
  network: text('Network name.'),
  currencies: {
    type: 'array',
    items: text('Symbol.'),
    description: 'The coins its deposits are credited in.',
  },
  callback_url: text('Webhook URL; empty when none.'),
  email: text("Payer's e-mail; empty when none."),
  order_id: text('Order id; empty when none.'),
  description: text('Description; empty when none.'),
  date: integerField('When it was handed out, Unix seconds.'),
  revoked: { type: 'boolean', description: 'Revoked: deposits are no longer credited.' },
  txs: {
    type: 'array',
    description: 'Each credited deposit, with the track_id of the payment it opened.',
    items: closedObject('A credited deposit.', {
      ...staticDepositFields,
      track_id: text('The payment it opened (digits).', { pattern: '^[0-9]+$' }),
    }),
  },
  refused_txs: {
    type: 'array',
    description: 'Deposits that arrived after the address was revoked: recorded, never credited.',
    items: closedObject('A refused deposit.', staticDepositFields),
  },
});

export const betaStaticAddressListSchema: Schema = closedObject('One page.', {
  list: { type: 'array', items: betaStaticAddressItemSchema },
  meta: closedObject('Paging.', {
    page: integerField('This page, from 1.', { minimum: 1 }),
    last_page: integerField('The last page; 1 when nothing matches.', { minimum: 1 }),
    total: integerField('Addresses matching the filters.', { minimum: 0 }),
  }),
});

/** What a history item and the payment information both say of a payment. */
const paymentSummaryFields = {
  track_id: text('Payment identifier (digits).', { pattern: '^[0-9]+$' }),
  type: text(
    'How the payment was asked for: invoice (a hosted page, families A and B), white_label (family B white-label and V1 direct payments), static_address (a deposit to a static address).',
    {
      enum: [...BETA_PAYMENT_TYPES],
    },
  ),
  amount: numberField('Amount in currency.'),
  currency: text("Symbol of the amount's currency, e.g. USD."),
  status: text('Capitalised status.', { enum: [...BETA_STATUSES] }),
  date: integerField('Created, Unix seconds.'),
  sandbox: testPaymentFlag(SANDBOX_FLAG),
};

export const betaPaymentListItemSchema: Schema = closedObject(
  'A payment of any family.',
  paymentSummaryFields,
);

export const betaPaymentListSchema: Schema = closedObject('One page.', {
  list: { type: 'array', items: betaPaymentListItemSchema },
  meta: closedObject('Paging.', {
    page: integerField('This page, from 1.', { minimum: 1 }),
    last_page: integerField('The last page; 1 when nothing matches.', { minimum: 1 }),
    total: integerField('Payments matching the filters.', { minimum: 0 }),
  }),
});

const flagNumber = (description: string): Schema => integerField(description, { enum: [0, 1] });

export const betaTransactionSchema: Schema = closedObject('A transaction that paid into the payment.', {
  tx_hash: text('Transaction hash.'),
  amount: numberField('Amount received, in currency.'),
  currency: text('Symbol of the coin paid, e.g. BTC.'),
  network: text('Network name.'),
  address: text('The pay address it was sent to.'),
  status: text('confirming until it has the required confirmations, then confirmed.', {
    enum: ['confirming', 'confirmed'],
  }),
  confirmations: integerField('Confirmations so far.', { minimum: 0 }),
  auto_convert: closedObject('Conversion on arrival (not offered: never processed).', {
    processed: { type: 'boolean', description: 'Whether it was converted.' },
    amount: numberField('Converted amount.'),
    currency: text('Currency converted to; empty when none.'),
  }),
  auto_withdrawal: closedObject('Forwarding on arrival (not offered: never processed).', {
    processed: { type: 'boolean', description: 'Whether it was forwarded.' },
  }),
  date: integerField('When it was seen, Unix seconds.'),
});

export const betaPaymentInformationSchema: Schema = closedObject('One payment with its transactions.', {
  ...paymentSummaryFields,
  mixed_payment: { type: 'boolean', description: 'Whether the rest may be paid in another coin (never).' },
  callback_url: text('Webhook URL; empty when none.'),
  description: text('Description; empty when none.'),
  email: text("Payer's e-mail; empty when none."),
  fee_paid_by_payer: flagNumber('1 when the payer covers the network fee.'),
  lifetime: integerField('Minutes the payment stays payable.', { minimum: 1 }),
  order_id: text('Order id in the merchant system; empty when none.'),
  under_paid_coverage: numberField('Percent of underpayment still counted as paid.'),
  return_url: text('Where the payer returns; empty when none.'),
  thanks_message: text('Message shown after payment; empty when none.'),
  expired_at: integerField('When it stops being payable, Unix seconds.'),
  txs: { type: 'array', items: betaTransactionSchema },
});

export const betaNetworkSchema: Schema = closedObject('A network a currency can be paid on.', {
  network: text('Network name.'),
  name: text('Network name.'),
  required_confirmations: integerField('Confirmations before a deposit counts.', { minimum: 0 }),
  withdraw_fee: numberField('Network fee of a payout.'),
  withdraw_min: numberField('Smallest payout.'),
  deposit_min: numberField('Smallest deposit.'),
  static_fixed_fee: numberField('Fixed fee of static addresses (none are offered: 0).'),
});

export const betaCurrenciesSchema: Schema = {
  type: 'object',
  description: 'Crypto currencies keyed by symbol.',
  additionalProperties: closedObject('A crypto currency.', {
    symbol: text('Symbol, e.g. USDT.'),
    name: text('Name.'),
    status: { type: 'boolean', description: 'Whether payments in it are accepted.' },
    networks: {
      type: 'object',
      description: 'Networks keyed by name.',
      additionalProperties: betaNetworkSchema,
    },
  }),
};

export const betaFiatsSchema: Schema = {
  type: 'object',
  description: 'Fiat currencies keyed by symbol.',
  additionalProperties: closedObject('A fiat currency.', {
    symbol: text('Symbol, e.g. EUR.'),
    name: text('Name.'),
    price: numberField('US dollars one unit buys.'),
    display_precision: integerField('Decimals amounts are shown with.', { minimum: 0 }),
  }),
};

export const betaPricesSchema: Schema = {
  type: 'object',
  description: 'US dollars one unit of each payable crypto currency buys, keyed by symbol.',
  additionalProperties: numberField('Price in US dollars.'),
};

export const betaNetworksSchema: Schema = closedObject('The networks payments can be made on.', {
  list: { type: 'array', description: 'Network names, each once.', items: text('Network name.') },
});

export const betaMonitorSchema: Schema = closedObject('Whether the API is operational.', {
  status: { type: 'boolean', description: 'true: the API answers.' },
});

export const betaAcceptedCurrenciesSchema: Schema = closedObject("The merchant's accepted currencies.", {
  list: {
    type: 'array',
    description: 'Symbols the merchant can be paid in now (enabled coins on a network that takes money).',
    items: text('Symbol, e.g. BTC.'),
  },
});
