import { asyncRoute } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import type { RequestHandler, Response } from 'express';
import { invalidSign, signingMerchant } from '@gw/families';

/**
 * Headers `merchant` (the merchant uuid) and `sign`, checked over `req.rawBody`; mount after the body
 * parser. Every failure (no headers, unknown merchant, wrong sign) is the same "Invalid Sign." answer.
 */
export function authenticateAlpha(directory: MerchantDirectory): RequestHandler {
  return asyncRoute(async (req, res, next) => {
    const merchant = await signingMerchant(directory, req);
    if (!merchant) throw invalidSign();
    res.locals.merchant = merchant;
    next();
  });
}

export function merchantOf(res: Response): MerchantDocument {
  return res.locals.merchant as MerchantDocument;
}
