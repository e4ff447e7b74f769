import { timingSafeEqualStr } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import type { Principal } from '@gw/dashboard-shell';

/**
 * What a sign-in form's key opens: the merchant whose V1 API key it is, or, when it is the admin token,
 * the operator. Anything else opens nothing; the caller says so without telling which check failed.
 */
export async function principalFor(
  key: string,
  directory: MerchantDirectory,
  adminToken: string | null,
): Promise<Principal | null> {
  if (adminToken !== null && timingSafeEqualStr(key, adminToken)) return { kind: 'admin' };
  const merchant = await directory.byApiKey(key);
  return merchant
    ? { kind: 'merchant', merchantId: merchant.merchantId, apiKeyHash: merchant.apiKeyHash }
    : null;
}
