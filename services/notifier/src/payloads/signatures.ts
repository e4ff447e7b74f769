import { createHash, createHmac } from 'node:crypto';

/**
 * The three upstream signature schemes (reference/upstream-apis.md §1.1, §2.2, §3.2). Each function
 * returns exactly the bytes that go on the wire, so a merchant verifying over the raw body and one
 * re-serialising the parsed body both agree with us.
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

/** Family A `sign`: md5 hex of base64(PHP-style JSON of the payload without `sign`) + payment key. */
export const alphaSign = (payloadWithoutSign: Record<string, unknown>, paymentKey: string): string =>
  md5Hex(Buffer.from(phpJsonEncode(payloadWithoutSign), 'utf8').toString('base64') + paymentKey);

/** Family A webhook body: the payload with `sign` appended as the last key, PHP-encoded as a PHP sender does. */
export function alphaWebhookBody(payloadWithoutSign: Record<string, unknown>, paymentKey: string): string {
  const { sign: _ignored, ...payload } = payloadWithoutSign;
  return phpJsonEncode({ ...payload, sign: alphaSign(payload, paymentKey) });
}

/** Family A request `sign` as the live API enforces it: md5(base64(raw body bytes) + key), never re-serialised. */
export const alphaRequestSign = (rawBody: Buffer, key: string): string =>
  md5Hex(rawBody.toString('base64') + key);

/** Family B `HMAC` header: HMAC-SHA512 hex of the raw body with the merchant's API key. */
export const betaHmac = (body: string, apiKey: string): string =>
  createHmac('sha512', apiKey).update(body, 'utf8').digest('hex');

function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}
