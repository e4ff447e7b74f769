import { asyncRoute } from '@gw/platform';
import type { MerchantDirectory } from '@gw/runtime';
import type { MerchantDocument } from '@gw/views';
import type { Request, RequestHandler, Response } from 'express';
import { invalidSign, verifyAlphaSign } from '@gw/families';

const MERCHANT_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

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

/** The merchant named by the `merchant` header when `sign` is right for it over the raw body, else null. */
export async function signingMerchant(
  directory: MerchantDirectory,
  req: Request,
): Promise<MerchantDocument | null> {
  const merchantId = req.get('merchant')?.trim() ?? '';
  const sign = req.get('sign')?.trim() ?? '';
  if (!MERCHANT_ID.test(merchantId) || sign === '') return null;
  const merchant = await directory.byId(merchantId.toLowerCase());
  if (!merchant) return null;
  return verifyAlphaSign(req.rawBody ?? Buffer.alloc(0), directory.paymentKeyOf(merchant), sign)
    ? merchant
    : null;
}

export function merchantOf(res: Response): MerchantDocument {
  return res.locals.merchant as MerchantDocument;
}
