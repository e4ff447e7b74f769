import { asyncRoute } from '@gw/platform';
import type { MerchantDirectory } from '@gw/runtime';
import { Router, type RequestHandler } from 'express';
import { BetaError } from '../http/errors';
import type { BetaRouteDeps } from './deps';

const NO_FUNDS_HELD =
  'this gateway is non-custodial: every payment goes straight to your own wallet and it never holds funds';

/** The key header upstream wants on a custodial call; the merchant's one API key is accepted in it. */
type CustodialKey = 'payout_api_key' | 'general_api_key';

interface CustodialEndpoint {
  method: 'get' | 'post';
  path: string;
  key: CustodialKey;
  message: string;
}

const payouts = (path: string, method: 'get' | 'post', what: string): CustodialEndpoint => ({
  method,
  path,
  key: 'payout_api_key',
  message: `Payouts are not available: ${NO_FUNDS_HELD}, so ${what}. Send payouts from your own wallet.`,
});

const swaps = (path: string, method: 'get' | 'post'): CustodialEndpoint => ({
  method,
  path,
  key: 'general_api_key',
  message: `Swaps are not available: ${NO_FUNDS_HELD}, so there is no balance to swap.`,
});

/**
 * Upstream's payout, account balance and swap endpoints (oxapay-python's Payout, Account and Exchange),
 * which need custody this gateway deliberately does not have. Each checks its key header first, as
 * upstream does (401 authentication_error); a known key gets HTTP 403 `not_supported` naming why.
 */
export const BETA_CUSTODIAL_ENDPOINTS: readonly CustodialEndpoint[] = [
  payouts('/payout', 'post', 'there is nothing to pay out from'),
  payouts('/payout', 'get', 'there is no payout history'),
  payouts('/payout/', 'get', 'there is no payout history'),
  payouts('/payout/:track_id', 'get', 'no payout exists'),
  {
    method: 'get',
    path: '/general/account/balance',
    key: 'general_api_key',
    message: `Balance is not available: ${NO_FUNDS_HELD}. Your balance is your wallet's.`,
  },
  swaps('/general/swap', 'post'),
  swaps('/general/swap', 'get'),
  swaps('/general/swap/pairs', 'get'),
  swaps('/general/swap/calculate', 'post'),
  swaps('/general/swap/rate', 'post'),
];

export const custodialRefusal = (message: string): BetaError =>
  new BetaError(403, 'not_supported', 'custody', message);

/** The key header of a custodial call, looked up like `merchant_api_key` (the gateway issues one key). */
function authenticateCustodial(directory: MerchantDirectory, header: CustodialKey): RequestHandler {
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

export function custodialRoutes({ directory }: BetaRouteDeps): Router {
  const router = Router();
  for (const { method, path, key, message } of BETA_CUSTODIAL_ENDPOINTS) {
    router[method](path, authenticateCustodial(directory, key), (_req, _res, next) =>
      next(custodialRefusal(message)),
    );
  }
  return router;
}
