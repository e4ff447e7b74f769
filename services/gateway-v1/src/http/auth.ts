import { asyncRoute } from '@gw/platform';
import { callerLookup, type MerchantDirectory } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import type { Request, RequestHandler, Response } from 'express';
import { v1ApiKeyRequired, v1InvalidApiKey } from '@gw/families';

export const API_KEY_HEADER = 'x-api-key';

/** The merchant authenticated on this request; only set behind `requireMerchant`. */
export function merchantOf(res: Response): MerchantDocument {
  const merchant = res.locals.merchant as MerchantDocument | undefined;
  if (!merchant) throw new Error('merchantOf used on a route without requireMerchant');
  return merchant;
}

/** The merchant of the request's `x-api-key`; null without one or for an unknown key. */
export type V1Caller = (req: Request) => Promise<MerchantDocument | null>;

/** {@link V1Caller} from the directory, looked up once per request (the rate limiter asks first). */
export function v1Caller(directory: MerchantDirectory): V1Caller {
  return callerLookup((req) => {
    const apiKey = req.get(API_KEY_HEADER)?.trim() ?? '';
    return apiKey === '' ? Promise.resolve(null) : directory.byApiKey(apiKey);
  });
}

/** `x-api-key` on a protected endpoint: missing or empty → 401, unknown → 403. */
export function requireMerchant(callerOf: V1Caller): RequestHandler {
  return asyncRoute(async (req, res, next) => {
    const apiKey = req.get(API_KEY_HEADER)?.trim() ?? '';
    if (apiKey === '') throw v1ApiKeyRequired();
    const merchant = await callerOf(req);
    if (!merchant) throw v1InvalidApiKey();
    res.locals.merchant = merchant;
    next();
  });
}

/** Public endpoints may still use the caller's merchant settings when a valid key comes along. */
export async function optionalMerchant(
  directory: MerchantDirectory,
  apiKey: string | undefined,
): Promise<MerchantDocument | null> {
  const key = apiKey?.trim() ?? '';
  return key === '' ? null : directory.byApiKey(key);
}
