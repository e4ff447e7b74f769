import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** The keys a merchant sends its creates with, in every family. */
export interface FamilyKeys {
  /** Family A's merchant uuid and signing key, V1's x-api-key, family B's merchant_api_key. */
  merchantId: string;
  paymentKey: string;
  apiKey: string;
  betaApiKey: string;
}

/** Every create that takes an Idempotency-Key, one per family and endpoint. */
export const KEYED_CREATES = ['v1-payment', 'v1-invoice', 'alpha-payment', 'beta-invoice'] as const;
export type KeyedCreateKind = (typeof KEYED_CREATES)[number];

export interface KeyedAnswer {
  status: number;
  replayed: boolean;
  /** What names the created thing (and, for payments, where the buyer pays): equal across replays. */
  identity: string;
}

/** One create with `key` as its Idempotency-Key and its order id, the same body on every call. */
export async function sendKeyedCreate(
  baseUrl: string,
  keys: FamilyKeys,
  kind: KeyedCreateKind,
  key: string,
): Promise<KeyedAnswer> {
  const { path, body, headers } = requestOf(keys, kind, key);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, ...headers },
    body,
  });
  const text = await response.text();
  const ok = response.status >= 200 && response.status < 300;
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed') === 'true',
    identity: ok ? identityOf(kind, JSON.parse(text) as Record<string, unknown>) : text,
  };
}

/**
 * Retries a create until it gets a 2xx, as a client does after its own timeout: a 409 "in progress"
 * (the crashed attempt's lock has not expired yet) or a refused connection is tried again.
 */
export async function retryKeyedCreate(
  baseUrl: string,
  keys: FamilyKeys,
  kind: KeyedCreateKind,
  key: string,
  attempts = 400,
): Promise<KeyedAnswer> {
  let last: KeyedAnswer | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    last = await sendKeyedCreate(baseUrl, keys, kind, key).catch(() => undefined);
    if (last && last.status >= 200 && last.status < 300) return last;
    if (last && last.status !== 409 && last.status < 500) break;
    await sleep(100);
  }
  throw new Error(`${kind} ${key} never succeeded: ${JSON.stringify(last)}`);
}

function requestOf(
  keys: FamilyKeys,
  kind: KeyedCreateKind,
  key: string,
): { path: string; body: string; headers: Record<string, string> } {
  switch (kind) {
    case 'v1-payment':
      return {
        path: '/v1/payment',
        body: JSON.stringify({ price_amount: 25, price_currency: 'usd', pay_currency: 'btc', order_id: key }),
        headers: { 'x-api-key': keys.apiKey },
      };
    case 'v1-invoice':
      return {
        path: '/v1/invoice',
        body: JSON.stringify({ price_amount: 25, price_currency: 'usd', order_id: key }),
        headers: { 'x-api-key': keys.apiKey },
      };
    case 'alpha-payment': {
      const body = JSON.stringify({ amount: '20', currency: 'USD', order_id: key });
      const sign = createHash('md5')
        .update(Buffer.from(body, 'utf8').toString('base64') + keys.paymentKey)
        .digest('hex');
      return { path: '/alpha/v1/payment', body, headers: { merchant: keys.merchantId, sign } };
    }
    case 'beta-invoice':
      return {
        path: '/beta/v1/payment/invoice',
        body: JSON.stringify({ amount: 20, currency: 'USD', order_id: key }),
        headers: { merchant_api_key: keys.betaApiKey },
      };
  }
}

function identityOf(kind: KeyedCreateKind, body: Record<string, unknown>): string {
  switch (kind) {
    case 'v1-payment':
      return `${String(body.payment_id)} ${String(body.pay_address)}`;
    case 'v1-invoice':
      return String(body.id);
    case 'alpha-payment': {
      const result = body.result as Record<string, unknown>;
      return `${String(result.uuid)} ${String(result.address)}`;
    }
    case 'beta-invoice': {
      const data = body.data as Record<string, unknown>;
      return `${String(data.track_id)} ${String(data.payment_url)}`;
    }
  }
}

/** How many creates each order id (= Idempotency-Key) made, from the events of every create. */
export function createsPerKey(
  events: Iterable<{ type: string; data: Record<string, unknown> }>,
  prefix: string,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) {
    if (event.type !== 'PaymentCreated' && event.type !== 'InvoiceCreated') continue;
    const orderId = event.data.orderId;
    if (typeof orderId !== 'string' || !orderId.startsWith(prefix)) continue;
    // A V1 invoice's key names the invoice; the payments a buyer opens on it later are not its creates.
    counts.set(`${event.type} ${orderId}`, (counts.get(`${event.type} ${orderId}`) ?? 0) + 1);
  }
  return counts;
}
