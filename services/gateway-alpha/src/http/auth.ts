import { asyncRoute } from '@gw/platform';
import { callerLookup, type MerchantDirectory } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import type { Request, RequestHandler, Response } from 'express';
import { invalidSign, signingMerchant } from '@gw/families';

/** The merchant whose `sign` is right over the request's raw body; null for any other request. */
export type AlphaSigner = (req: Request) => Promise<MerchantDocument | null>;

/** {@link AlphaSigner} from the directory, checked once per request (the rate limiter asks first). */
export function alphaSigner(directory: MerchantDirectory): AlphaSigner {
  return callerLookup((req) => signingMerchant(directory, req));
}

/**
 * Headers `merchant` (the merchant uuid) and `sign`, checked over `req.rawBody`; mount after the body
 * parser. Every failure (no headers, unknown merchant, wrong sign) is the same "Invalid Sign." answer.
 */
export function authenticateAlpha(signerOf: AlphaSigner): RequestHandler {
  return asyncRoute(async (req, res, next) => {
    const merchant = await signerOf(req);
    if (!merchant) throw invalidSign();
    res.locals.merchant = merchant;
    next();
  });
}

export function merchantOf(res: Response): MerchantDocument {
  return res.locals.merchant as MerchantDocument;
}
