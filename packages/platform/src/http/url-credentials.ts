/** What a credential's value is replaced with, as the logger censors secret fields. */
export const REDACTED_VALUE = '[Redacted]';

/** Query parameter names that carry a credential, compared lower case with `-` read as `_`. */
const CREDENTIAL_NAMES = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'auth',
  'authorization',
  'key',
  'apikey',
  'api_key',
  'x_api_key',
  'merchant_api_key',
  'payment_key',
  'payout_key',
  'secret',
  'client_secret',
  'ipn_secret',
  'password',
  'passwd',
  'pwd',
  'sign',
  'signature',
  'sig',
  'hmac',
  'session',
  'sessionid',
]);
/** Any other name ending in one of these (`stripe_secret`, `webhookToken`, `x-apikey`) too. */
const CREDENTIAL_SUFFIX = /(?:token|secret|password|passwd|apikey|api_key|_key|signature)$/;

/** Whether a query parameter of this name carries a credential (case-insensitive). */
export function isCredentialName(name: string): boolean {
  const normalized = safeDecode(name).toLowerCase().replace(/-/g, '_');
  return CREDENTIAL_NAMES.has(normalized) || CREDENTIAL_SUFFIX.test(normalized);
}

/**
 * A request target or URL as it may be logged or put on a trace: the value of every credential
 * query parameter (`?token=`, `?api_key=`, `?sign=`, …) replaced; everything else byte for byte.
 */
export function withoutCredentials(target: string): string {
  const queryStart = target.indexOf('?');
  if (queryStart === -1) return target;
  const fragmentStart = target.indexOf('#', queryStart);
  const queryEnd = fragmentStart === -1 ? target.length : fragmentStart;
  const query = target
    .slice(queryStart + 1, queryEnd)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isCredentialName(name) ? `${name}=${REDACTED_VALUE}` : pair;
    })
    .join('&');
  return `${target.slice(0, queryStart + 1)}${query}${target.slice(queryEnd)}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
