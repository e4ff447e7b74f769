import { asyncRoute } from '@gw/platform';
import { callerLookup, type MerchantDirectory } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import type { Request, RequestHandler, Response } from 'express';
import { betaInvalidApiKey, betaMissingApiKey } from '@gw/families';

export const BETA_API_KEY_HEADER = 'merchant_api_key';

/** The merchant of the request's `merchant_api_key`; null without one or for an unknown key. */
export type BetaCaller = (req: Request) => Promise<MerchantDocument | null>;

/** {@link BetaCaller} from the directory, looked up once per request (the rate limiter asks first). */
export function betaCaller(directory: MerchantDirectory): BetaCaller {
  return callerLookup((req) => {
    const apiKey = req.get(BETA_API_KEY_HEADER)?.trim() ?? '';
    return apiKey === '' ? Promise.resolve(null) : directory.byBetaApiKey(apiKey);
  });
}

/** Header `merchant_api_key`, looked up by its hash. */
export function authenticateBeta(callerOf: BetaCaller): RequestHandler {
  return asyncRoute(async (req, res, next) => {
    const apiKey = req.get(BETA_API_KEY_HEADER)?.trim() ?? '';
    if (apiKey === '') throw betaMissingApiKey();
    const merchant = await callerOf(req);
    if (!merchant) throw betaInvalidApiKey();
    res.locals.merchant = merchant;
    next();
  });
}

export function merchantOf(res: Response): MerchantDocument {
  return res.locals.merchant as MerchantDocument;
}
