import { createHmac } from 'node:crypto';

/**
 * The NOWPayments IPN signature (reference/upstream-apis.md §1.1): it returns exactly the bytes that
 * go on the wire, so a merchant verifying over the raw body and one re-serialising the parsed body
 * both agree with us.
 */

/** Object keys sorted at every depth; arrays keep their order (NOWPayments' documented JS helper). */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return sorted;
}

/** V1 body: recursively key-sorted, compact, as JSON.stringify prints it. */
export const v1IpnBody = (payload: Record<string, unknown>): string => JSON.stringify(sortKeysDeep(payload));

/** V1 `x-nowpayments-sig`: HMAC-SHA512 hex over the body bytes with the IPN secret. */
export const v1IpnSignature = (body: string, ipnSecret: string): string =>
  createHmac('sha512', ipnSecret).update(body, 'utf8').digest('hex');
