import { signingMerchant } from '@gw/families';
import { asyncRoute } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import type { Request, RequestHandler, Response } from 'express';
import { SandboxError } from './errors';

/**
 * Only the merchant who owns a payment drives it on the sandbox chain. It proves who it is with any of
 * its family credentials: V1 `x-api-key`, family B `merchant_api_key`, or family A `merchant` + `sign`
 * over the raw body (mount after the body parser). No credentials → 401; credentials that match no
 * merchant → 403.
 */
export function requireSandboxMerchant(directory: MerchantDirectory): RequestHandler {
  return asyncRoute(async (req, res, next) => {
    const presented = credentialsOf(req);
    if (!presented)
      throw new SandboxError(
        401,
        'Merchant credentials are required: send x-api-key, merchant_api_key, or merchant and sign',
      );
    const merchant = await merchantFor(directory, req, presented);
    if (!merchant) throw new SandboxError(403, 'Invalid merchant credentials');
    res.locals.merchant = merchant;
    next();
  });
}

/** The merchant authenticated on this request; only set behind `requireSandboxMerchant`. */
export function sandboxMerchantOf(res: Response): MerchantDocument {
  const merchant = res.locals.merchant as MerchantDocument | undefined;
  if (!merchant) throw new Error('sandboxMerchantOf used on a route without requireSandboxMerchant');
  return merchant;
}

type Credentials = { kind: 'v1'; apiKey: string } | { kind: 'beta'; apiKey: string } | { kind: 'alpha' };

function credentialsOf(req: Request): Credentials | null {
  const v1Key = req.get('x-api-key')?.trim() ?? '';
  if (v1Key !== '') return { kind: 'v1', apiKey: v1Key };
  const betaKey = req.get('merchant_api_key')?.trim() ?? '';
  if (betaKey !== '') return { kind: 'beta', apiKey: betaKey };
  if ((req.get('merchant')?.trim() ?? '') !== '' || (req.get('sign')?.trim() ?? '') !== '')
    return { kind: 'alpha' };
  return null;
}

function merchantFor(
  directory: MerchantDirectory,
  req: Request,
  credentials: Credentials,
): Promise<MerchantDocument | null> {
  switch (credentials.kind) {
    case 'v1':
      return directory.byApiKey(credentials.apiKey);
    case 'beta':
      return directory.byBetaApiKey(credentials.apiKey);
    case 'alpha':
      return signingMerchant(directory, req);
    default: {
      const unknown: never = credentials;
      throw new Error(`unknown credentials ${JSON.stringify(unknown)}`);
    }
  }
}
