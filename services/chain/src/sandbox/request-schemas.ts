import { MAX_MONEY_NUMBER, MONEY_MARK, MONEY_RULE_TEXT, validatorFor } from '@gw/contracts';

/** In the payment's coin; the schema is the first gate (`maximum` also refuses Infinity), the money parser the rule. */
const amount = {
  description: `In the payment's coin, a JSON number or a decimal string. ${MONEY_RULE_TEXT}`,
  anyOf: [
    { type: 'string', pattern: '^\\d+(\\.\\d+)?$', maxLength: 40 },
    { type: 'number', exclusiveMinimum: 0, maximum: MAX_MONEY_NUMBER },
  ],
  [MONEY_MARK]: true,
};
const confirmations = { type: 'integer', minimum: 0, maximum: 1_000_000 };
const txHash = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9:_-]+$' };
const fromAddress = { anyOf: [{ type: 'string', minLength: 1, maxLength: 200 }, { type: 'null' }] };

export interface DepositRequest {
  pay_address: string;
  amount: string | number;
  confirmations?: number;
  tx_hash?: string;
  from_address?: string | null;
}

export interface ConfirmationsRequest {
  confirmations: number;
}

export interface PayRequest {
  amount?: string | number;
  confirmations?: number;
  tx_hash?: string;
  from_address?: string | null;
}

export const validateDepositRequest = validatorFor({
  type: 'object',
  properties: {
    pay_address: { type: 'string', minLength: 1, maxLength: 200 },
    amount,
    confirmations,
    tx_hash: txHash,
    from_address: fromAddress,
  },
  required: ['pay_address', 'amount'],
  additionalProperties: false,
});

export const validateConfirmationsRequest = validatorFor({
  type: 'object',
  properties: { confirmations },
  required: ['confirmations'],
  additionalProperties: false,
});

export const validatePayRequest = validatorFor({
  type: 'object',
  properties: { amount, confirmations, tx_hash: txHash, from_address: fromAddress },
  additionalProperties: false,
});
