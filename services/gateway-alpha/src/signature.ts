import { createHash } from 'node:crypto';
import { timingSafeEqualHex } from '@gw/platform';

/** Upstream's request signature: md5 hex of (base64 of the body bytes + the merchant's payment key). */
export function alphaSign(body: Buffer | string, paymentKey: string): string {
  const encoded = Buffer.from(body).toString('base64');
  return createHash('md5')
    .update(encoded + paymentKey, 'utf8')
    .digest('hex');
}

/**
 * What SDKs sign when a call has no parameters and nothing arrives on the wire: the spec's `{}`,
 * pycryptomusapi's empty string (sign = md5(key)) and PHP's `[]` (json_encode of an empty array).
 */
const PARAMETERLESS_BODIES = ['{}', '', '[]'];

/**
 * Checks `sign` against the exact bytes received, never a re-serialisation, so any JSON spacing or
 * escaping a client chose verifies as long as it signed what it sent. Every candidate is compared in
 * constant time, and all of them are always compared.
 */
export function verifyAlphaSign(rawBody: Buffer, paymentKey: string, sign: string): boolean {
  const signedBodies =
    rawBody.length === 0 ? PARAMETERLESS_BODIES.map((body) => Buffer.from(body)) : [rawBody];
  let matched = false;
  for (const body of signedBodies) {
    if (timingSafeEqualHex(alphaSign(body, paymentKey), sign)) matched = true;
  }
  return matched;
}
