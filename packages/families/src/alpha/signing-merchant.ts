import type { MerchantDocument } from '@gw/views';
import { verifyAlphaSign } from './signature';

const MERCHANT_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Where the signing merchant and its payment key are looked up (runtime's `MerchantDirectory`). */
export interface AlphaSigners {
  byId(merchantId: string): Promise<MerchantDocument | null>;
  paymentKeyOf(merchant: MerchantDocument): string;
}

/** What a family A request is authenticated by: its `merchant` and `sign` headers over its raw bytes. */
export interface AlphaSignedRequest {
  get(header: string): string | undefined;
  rawBody?: Buffer;
}

/**
 * The merchant named by the `merchant` header when `sign` is right for it over the raw body, else null.
 * The gateway's family A auth and the sandbox chain's merchant check both authenticate with it.
 */
export async function signingMerchant(
  signers: AlphaSigners,
  req: AlphaSignedRequest,
): Promise<MerchantDocument | null> {
  const merchantId = req.get('merchant')?.trim() ?? '';
  const sign = req.get('sign')?.trim() ?? '';
  if (!MERCHANT_ID.test(merchantId) || sign === '') return null;
  const merchant = await signers.byId(merchantId.toLowerCase());
  if (!merchant) return null;
  return verifyAlphaSign(req.rawBody ?? Buffer.alloc(0), signers.paymentKeyOf(merchant), sign)
    ? merchant
    : null;
}
