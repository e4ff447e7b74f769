import { alphaErrorSchema, alphaInvalidSignSchema } from './responses.schemas';
import type { AlphaOperation } from './operations';

const NO_FUNDS_HELD =
  'this gateway is non-custodial: every payment goes straight to your own wallet and it never holds funds';

/** An upstream call that needs custody: signed like every other, then refused with `refusal`. */
export interface AlphaCustodialOperation extends AlphaOperation {
  /** The `message` of the 403 `{state: 1, message}` answer. */
  refusal: string;
  /** Whether it is refused for custody (else for the reason its refusal names). */
  custodial: boolean;
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
    custodial: true,
    responses: {
      401: { description: 'merchant or sign header missing or wrong.', schema: alphaInvalidSignSchema },
      403: { description: `Always, once signed: "${refusal}"`, schema: alphaErrorSchema },
    },
  };
}

/** An upstream call refused for another reason than custody: signed like every other, then refused. */
function refused(
  operationId: string,
  path: string,
  summary: string,
  refusal: string,
): AlphaCustodialOperation {
  return {
    ...custodial(operationId, path, summary, refusal),
    summary: `${summary} Not offered: ${refusal}`,
    custodial: false,
  };
}

const recurrence = `Recurring payments are not available: this gateway does not serve Cryptomus recurrences; use its subscriptions instead (subscription plans and subscriptions in the admin API, the CLI and the dashboard, or the NOWPayments-style /v1/subscriptions), which send the buyer a payment link every period.`;

const payouts = (what: string) =>
  `Payouts are not available: ${NO_FUNDS_HELD}, so ${what}. Send payouts from your own wallet.`;
const transfers = `Transfers are not available: ${NO_FUNDS_HELD}, so there is no balance to transfer.`;

/**
 * Upstream's balance, payout and transfer calls (cryptomus `Payment.balance`, `Payout.*`; pyCryptomusAPI's),
 * the blocked wallet refund, and the calls refused for another reason named in their refusal
 * (mark-as-paid, recurring payments).
 */
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
  custodial(
    'alphaBlockedWalletRefund',
    '/wallet/blocked-address-refund',
    "Upstream refund of a blocked static wallet's top-ups (pyCryptomusAPI block_wallet_refund).",
    `Refunds of a blocked wallet are not available: ${NO_FUNDS_HELD}, so there is nothing to refund from. Top-ups after the block stay in your own wallet and are listed on the static wallet; send them back from there.`,
  ),
  refused(
    'alphaMarkPaymentAsPaid',
    '/payment/mark-as-paid',
    'Upstream marking of an underpaid invoice as paid (pyCryptomusAPI mark_payment_as_paid).',
    "Marking a payment as paid is not available: a payment's status here follows only what the chain shows, so an underpaid payment stays wrong_amount with the amount it received (already in your own wallet, as payment_amount shows); deliver on that amount if you accept it.",
  ),
  refused(
    'alphaCreateRecurrence',
    '/recurrence/create',
    'Upstream recurring payment (pyCryptomusAPI create_recurrence).',
    recurrence,
  ),
  refused(
    'alphaRecurrenceInfo',
    '/recurrence/info',
    'Upstream recurring payment information (pyCryptomusAPI recurrence_information).',
    recurrence,
  ),
  refused(
    'alphaRecurrenceList',
    '/recurrence/list',
    'Upstream recurring payment history (pyCryptomusAPI recurrence_history).',
    recurrence,
  ),
  refused(
    'alphaCancelRecurrence',
    '/recurrence/cancel',
    'Upstream recurring payment cancellation (pyCryptomusAPI cancel_recurrence).',
    recurrence,
  ),
];
