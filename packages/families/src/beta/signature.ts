import { createHmac } from 'node:crypto';

/** Family B `HMAC` header (reference/upstream-apis.md §3.2): HMAC-SHA512 hex of the raw body with the merchant's API key. */
export const betaHmac = (body: string, apiKey: string): string =>
  createHmac('sha512', apiKey).update(body, 'utf8').digest('hex');
