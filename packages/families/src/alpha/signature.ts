import { createHash } from 'node:crypto';
import { timingSafeEqualHex } from '@gw/platform';

/**
 * The Cryptomus `sign` (reference/upstream-apis.md §2.2), for requests and webhooks alike: md5 hex of
 * base64(the JSON) + the merchant's payment key. Webhook functions return exactly the bytes that go on
 * the wire; requests are checked over the bytes received, never a re-serialisation.
 */

/**
 * PHP `json_encode($data, JSON_UNESCAPED_UNICODE)`: compact, `/` written as `\/`, non-ASCII raw, and
 * U+2028/U+2029 escaped (PHP escapes line terminators unless JSON_UNESCAPED_LINE_TERMINATORS is set).
 * Every other escape PHP makes (`\"`, `\\`, `\n`, `\u001f`…) is the one JSON.stringify makes.
 */
export function phpJsonEncode(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** md5 hex of (base64 of the bytes + the merchant's payment key). */
export function alphaSign(body: Buffer | string, paymentKey: string): string {
  const encoded = Buffer.from(body).toString('base64');
  return createHash('md5')
    .update(encoded + paymentKey, 'utf8')
    .digest('hex');
}

/** Family A webhook `sign`: over the PHP-style JSON of the payload without `sign`. */
export const alphaWebhookSign = (payloadWithoutSign: Record<string, unknown>, paymentKey: string): string =>
  alphaSign(phpJsonEncode(payloadWithoutSign), paymentKey);

/** Family A webhook body: the payload with `sign` appended as the last key, PHP-encoded as a PHP sender does. */
export function alphaWebhookBody(payloadWithoutSign: Record<string, unknown>, paymentKey: string): string {
  const { sign: _ignored, ...payload } = payloadWithoutSign;
  return phpJsonEncode({ ...payload, sign: alphaWebhookSign(payload, paymentKey) });
}

/**
 * What SDKs sign when a call has no parameters and nothing arrives on the wire: the spec's `{}`,
 * pycryptomusapi's empty string (sign = md5(key)) and PHP's `[]` (json_encode of an empty array).
 */
const PARAMETERLESS_BODIES = ['{}', '', '[]'];

/**
 * Checks a request's `sign` against the exact bytes received, never a re-serialisation, so any JSON
 * spacing or escaping a client chose verifies as long as it signed what it sent. Every candidate is
 * compared in constant time, and all of them are always compared.
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
