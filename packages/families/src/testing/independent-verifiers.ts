import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook verifiers as merchants write them, from the upstream documentation and SDKs
 * (reference/upstream-apis.md), deliberately NOT importing the notifier's signers.
 */

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** NOWPayments' documented JS helper: parse, sort keys recursively, JSON.stringify, HMAC-SHA512 with the IPN secret. */
export function nowPaymentsDocVerifier(rawBody: string, signature: string, ipnSecret: string): boolean {
  // Transcribed from the doc as published (it would turn arrays into objects; IPN bodies carry none).
  const sortObject = (obj: Record<string, unknown>): Record<string, unknown> =>
    Object.keys(obj)
      .sort()
      .reduce<Record<string, unknown>>((result, key) => {
        const value = obj[key];
        result[key] =
          value && typeof value === 'object' ? sortObject(value as Record<string, unknown>) : value;
        return result;
      }, {});
  const hmac = createHmac('sha512', ipnSecret);
  hmac.update(JSON.stringify(sortObject(JSON.parse(rawBody) as Record<string, unknown>)));
  return sameHex(hmac.digest('hex'), signature);
}

/** The Ruby client's way: HMAC over the raw body bytes as received. */
export function nowPaymentsRawBodyVerifier(rawBody: Buffer, signature: string, ipnSecret: string): boolean {
  return sameHex(createHmac('sha512', ipnSecret).update(rawBody).digest('hex'), signature);
}

/**
 * pyCryptomusAPI's process_payment_webhook, transcribed: pop `sign`, dump with ensure_ascii=False and
 * (",", ":") separators, replace "/" with "\/", md5(base64(that) + payment key), compare.
 */
export function cryptomusPyVerifier(rawBody: string, paymentKey: string): boolean {
  const data = JSON.parse(rawBody) as Record<string, unknown>;
  const sign = data.sign;
  delete data.sign;
  if (typeof sign !== 'string' || !['payment', 'wallet'].includes(String(data.type))) return false;
  const dumped = JSON.stringify(data).split('/').join('\\/');
  const expected = createHash('md5')
    .update(Buffer.from(dumped, 'utf8').toString('base64') + paymentKey)
    .digest('hex');
  return sameHex(expected, sign);
}

/** OxaPay's PHP SDK: HMAC-SHA512 of php://input with the merchant API key, header HMAC/Hmac/hmac, hash_equals. */
export function oxaPayPhpVerifier(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  apiKey: string,
): boolean {
  const header = headers.hmac ?? headers.HMAC ?? headers.Hmac;
  if (typeof header !== 'string' || !/^[a-f0-9]{128}$/.test(header)) return false;
  return sameHex(createHmac('sha512', apiKey).update(rawBody).digest('hex'), header);
}
