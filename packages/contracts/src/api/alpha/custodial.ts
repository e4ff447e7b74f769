import { alphaErrorSchema, alphaInvalidSignSchema } from './responses.schemas';
import type { AlphaOperation } from './operations';

const NO_FUNDS_HELD =
  'this gateway is non-custodial: every payment goes straight to your own wallet and it never holds funds';

/** An upstream call that needs custody: signed like every other, then refused with `refusal`. */
export interface AlphaCustodialOperation extends AlphaOperation {
  /** The `message` of the 403 `{state: 1, message}` answer. */
  refusal: string;
}

function custodial(
  operationId: string,
  path: string,
  summary: string,
  refusal: string,
): AlphaCustodialOperation {
  return {
    operationId,
    method: 'post',
    path: `/alpha/v1${path}`,
    summary: `${summary} Not offered: ${NO_FUNDS_HELD}.`,
    signing:
      "md5(base64(exact request body bytes) + payment key): no payout key is issued, so the payment key signs upstream's payout calls too.",
    idempotent: false,
    refusal,
    responses: {
      401: { description: 'merchant or sign header missing or wrong.', schema: alphaInvalidSignSchema },
      403: { description: `Always, once signed: "${refusal}"`, schema: alphaErrorSchema },
    },
  };
}

const payouts = (what: string) =>
  `Payouts are not available: ${NO_FUNDS_HELD}, so ${what}. Send payouts from your own wallet.`;
const transfers = `Transfers are not available: ${NO_FUNDS_HELD}, so there is no balance to transfer.`;

/** Upstream's balance, payout and transfer calls (cryptomus `Payment.balance`, `Payout.*`; pyCryptomusAPI's). */
export const ALPHA_CUSTODIAL_OPERATIONS: readonly AlphaCustodialOperation[] = [
  custodial(
    'alphaBalance',
    '/balance',
    "Upstream's merchant balance.",
    `Balance is not available: ${NO_FUNDS_HELD}. Your balance is your wallet's.`,
  ),
  custodial('alphaCreatePayout', '/payout', 'Upstream payout.', payouts('there is nothing to pay out from')),
  custodial('alphaPayoutInfo', '/payout/info', 'Upstream payout information.', payouts('no payout exists')),
  custodial(
    'alphaPayoutList',
    '/payout/list',
    'Upstream payout history.',
    payouts('there is no payout history'),
  ),
  custodial(
    'alphaPayoutServices',
    '/payout/services',
    'Upstream payout services.',
    payouts('no payout service is offered'),
  ),
  custodial(
    'alphaTestPayoutWebhook',
    '/test-webhook/payout',
    'Upstream test payout webhook.',
    payouts('there are no payout webhooks to test'),
  ),
  custodial(
    'alphaTransferToPersonal',
    '/transfer/to-personal',
    'Upstream transfer to the personal wallet.',
    transfers,
  ),
  custodial(
    'alphaTransferToBusiness',
    '/transfer/to-business',
    'Upstream transfer to the business wallet.',
    transfers,
  ),
];
