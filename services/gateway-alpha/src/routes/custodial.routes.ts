import { ALPHA_CUSTODIAL_OPERATIONS } from '@gw/contracts/api/alpha';
import { AlphaError } from '@gw/families';
import { Router, type RequestHandler } from 'express';
import type { AlphaRouteDeps } from './deps';

const PREFIX = '/alpha/v1';

export const custodialRefusal = (message: string): AlphaError => new AlphaError(403, { state: 1, message });

/**
 * Upstream's balance, payout and transfer calls, which need custody this gateway deliberately does not
 * have. Each is signed as upstream wants (a bad sign is still "Invalid Sign."); a signed call gets HTTP
 * 403 `{state: 1, message}` naming why, which every SDK raises with that message.
 */
export function custodialRoutes({ signed }: AlphaRouteDeps): Router {
  const router = Router();
  for (const { path, refusal } of ALPHA_CUSTODIAL_OPERATIONS) {
    const refuse: RequestHandler = (_req, _res, next) => next(custodialRefusal(refusal));
    router.post(path.slice(PREFIX.length), signed, refuse);
  }
  return router;
}
