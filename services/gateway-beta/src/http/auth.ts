import { asyncRoute } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import type { RequestHandler, Response } from 'express';
import { betaInvalidApiKey, betaMissingApiKey } from '@gw/families';

export const BETA_API_KEY_HEADER = 'merchant_api_key';

/** Header `merchant_api_key`, looked up by its hash. */
export function authenticateBeta(directory: MerchantDirectory): RequestHandler {
  return asyncRoute(async (req, res, next) => {
    const apiKey = req.get(BETA_API_KEY_HEADER)?.trim() ?? '';
    if (apiKey === '') throw betaMissingApiKey();
    const merchant = await directory.byBetaApiKey(apiKey);
    if (!merchant) throw betaInvalidApiKey();
    res.locals.merchant = merchant;
    next();
  });
}

export function merchantOf(res: Response): MerchantDocument {
  return res.locals.merchant as MerchantDocument;
}
