import { BETA_CUSTODIAL_OPERATIONS, type BetaCustodialKey } from '@gw/contracts/api/beta';
import { asyncRoute } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import { Router, type RequestHandler } from 'express';
import { BetaError } from '@gw/families';
import type { BetaRouteDeps } from './deps';

const PREFIX = '/beta/v1';

export const custodialRefusal = (message: string): BetaError =>
  new BetaError(403, 'not_supported', 'custody', message);

/** The key header of a custodial call, looked up like `merchant_api_key` (the gateway issues one key). */
function authenticateCustodial(directory: MerchantDirectory, header: BetaCustodialKey): RequestHandler {
  const name = header === 'payout_api_key' ? 'payout' : 'general';
  return asyncRoute(async (req, _res, next) => {
    const apiKey = req.get(header)?.trim() ?? '';
    if (apiKey === '') {
      throw new BetaError(401, 'authentication_error', header, `The ${header} header is required.`);
    }
    if (!(await directory.byBetaApiKey(apiKey))) {
      throw new BetaError(401, 'authentication_error', header, `Invalid ${name} API key.`);
    }
    next();
  });
}

/**
 * Upstream's payout, account balance and swap calls, which need custody this gateway deliberately does
 * not have. Each checks its key header first, as upstream does (401 authentication_error); a known key
 * gets HTTP 403 `not_supported` naming why.
 */
export function custodialRoutes({ directory }: BetaRouteDeps): Router {
  const router = Router();
  for (const { method, paths, keyHeader, refusal } of BETA_CUSTODIAL_OPERATIONS) {
    const refuse: RequestHandler = (_req, _res, next) => next(custodialRefusal(refusal));
    for (const path of paths) {
      const route = path.slice(PREFIX.length).replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
      router[method](route, authenticateCustodial(directory, keyHeader), refuse);
    }
  }
  return router;
}
