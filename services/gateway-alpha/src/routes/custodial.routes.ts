import { AlphaError } from '@gw/families';
import { Router, type RequestHandler } from 'express';
import type { AlphaRouteDeps } from './deps';

const NO_FUNDS_HELD =
  'this gateway is non-custodial: every payment goes straight to your own wallet and it never holds funds';

/**
 * Upstream's balance, payout and transfer endpoints, which need custody this gateway deliberately does
 * not have. Each is signed as upstream wants (a bad sign is still "Invalid Sign."); a signed call gets
 * HTTP 403 `{state: 1, message}` naming why, which every SDK raises with that message.
 */
export const ALPHA_CUSTODIAL_ENDPOINTS: Readonly<Record<string, string>> = {
  '/balance': `Balance is not available: ${NO_FUNDS_HELD}. Your balance is your wallet's.`,
  '/payout': `Payouts are not available: ${NO_FUNDS_HELD}, so there is nothing to pay out from. Send payouts from your own wallet.`,
  '/payout/info': `Payouts are not available: ${NO_FUNDS_HELD}, so no payout exists.`,
  '/payout/list': `Payouts are not available: ${NO_FUNDS_HELD}, so there is no payout history.`,
  '/payout/services': `Payouts are not available: ${NO_FUNDS_HELD}, so no payout service is offered.`,
  '/test-webhook/payout': `Payouts are not available: ${NO_FUNDS_HELD}, so there are no payout webhooks to test.`,
  '/transfer/to-personal': `Transfers are not available: ${NO_FUNDS_HELD}, so there is no balance to transfer.`,
  '/transfer/to-business': `Transfers are not available: ${NO_FUNDS_HELD}, so there is no balance to transfer.`,
};

export const custodialRefusal = (message: string): AlphaError => new AlphaError(403, { state: 1, message });

/** The custodial endpoints, authenticated like every other (the payment key signs them: no payout key is issued). */
export function custodialRoutes({ signed }: AlphaRouteDeps): Router {
  const router = Router();
  for (const [path, message] of Object.entries(ALPHA_CUSTODIAL_ENDPOINTS)) {
    const refuse: RequestHandler = (_req, _res, next) => next(custodialRefusal(message));
    router.post(path, signed, refuse);
  }
  return router;
}
