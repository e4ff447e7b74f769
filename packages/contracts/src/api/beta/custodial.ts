import type { BetaOperation } from './operations';
import { betaErrorSchema } from './responses.schemas';
import { betaTrackIdParam } from './requests.schemas';

const NO_FUNDS_HELD =
  'this gateway is non-custodial: every payment goes straight to your own wallet and it never holds funds';

/** The key header upstream wants on a custodial call; the merchant's one API key is accepted in it. */
export type BetaCustodialKey = 'payout_api_key' | 'general_api_key';

/** An upstream call that needs custody: its key header checked, then refused with `refusal`. */
export interface BetaCustodialOperation extends BetaOperation {
  keyHeader: BetaCustodialKey;
  /** `error.message` of the 403 `not_supported` answer. */
  refusal: string;
}

function custodial(
  operationId: string,
  method: 'get' | 'post',
  paths: string[],
  keyHeader: BetaCustodialKey,
  summary: string,
  refusal: string,
): BetaCustodialOperation {
  return {
    operationId,
    method,
    paths: paths.map((path) => `/beta/v1${path}`),
    summary: `${summary} Not offered: ${NO_FUNDS_HELD}.`,
    auth: true,
    keyHeader,
    idempotent: false,
    refusal,
    ...(paths.some((path) => path.includes('{track_id}'))
      ? { pathParams: { track_id: betaTrackIdParam } }
      : {}),
    responses: {
      401: {
        description: `${keyHeader} missing or unknown (authentication_error).`,
        schema: betaErrorSchema,
      },
      403: {
        description: `Always, once the key is known: not_supported, key custody, "${refusal}"`,
        schema: betaErrorSchema,
      },
    },
  };
}

const payouts = (what: string) =>
  `Payouts are not available: ${NO_FUNDS_HELD}, so ${what}. Send payouts from your own wallet.`;
const swaps = `Swaps are not available: ${NO_FUNDS_HELD}, so there is no balance to swap.`;

/** Upstream's payout, account balance and swap calls (oxapay-python `Payout`, `Account`, `Exchange`). */
export const BETA_CUSTODIAL_OPERATIONS: readonly BetaCustodialOperation[] = [
  custodial(
    'betaCreatePayout',
    'post',
    ['/payout'],
    'payout_api_key',
    'Upstream payout.',
    payouts('there is nothing to pay out from'),
  ),
  custodial(
    'betaPayoutHistory',
    'get',
    ['/payout', '/payout/'],
    'payout_api_key',
    'Upstream payout history.',
    payouts('there is no payout history'),
  ),
  custodial(
    'betaPayoutInformation',
    'get',
    ['/payout/{track_id}'],
    'payout_api_key',
    'Upstream payout information.',
    payouts('no payout exists'),
  ),
  custodial(
    'betaAccountBalance',
    'get',
    ['/general/account/balance'],
    'general_api_key',
    "Upstream's account balance.",
    `Balance is not available: ${NO_FUNDS_HELD}. Your balance is your wallet's.`,
  ),
  custodial('betaSwapRequest', 'post', ['/general/swap'], 'general_api_key', 'Upstream swap.', swaps),
  custodial('betaSwapHistory', 'get', ['/general/swap'], 'general_api_key', 'Upstream swap history.', swaps),
  custodial(
    'betaSwapPairs',
    'get',
    ['/general/swap/pairs'],
    'general_api_key',
    'Upstream swap pairs.',
    swaps,
  ),
  custodial(
    'betaSwapCalculate',
    'post',
    ['/general/swap/calculate'],
    'general_api_key',
    'Upstream swap calculation.',
    swaps,
  ),
  custodial('betaSwapRate', 'post', ['/general/swap/rate'], 'general_api_key', 'Upstream swap rate.', swaps),
];
