import { asyncRoute } from '@gw/platform';
import type { MerchantDirectory } from '@gw/runtime';
import type { MerchantDocument } from '@gw/views';
import type { RequestHandler, Response } from 'express';
import { invalidApiKey, missingApiKey } from './beta-errors';

/** Header `merchant_api_key`, looked up by its hash. */
export function authenticateBeta(directory: MerchantDirectory): RequestHandler {
  return asyncRoute(async (req, res, next) => {
    const apiKey = req.get('merchant_api_key')?.trim() ?? '';
    if (apiKey === '') throw missingApiKey();
    const merchant = await directory.byBetaApiKey(apiKey);
    if (!merchant) throw invalidApiKey();
    res.locals.merchant = merchant;
    next();
  });
}

export function merchantOf(res: Response): MerchantDocument {
  return res.locals.merchant as MerchantDocument;
}
