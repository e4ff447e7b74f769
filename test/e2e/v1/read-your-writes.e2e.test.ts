import { randomUUID } from 'node:crypto';
import type { MerchantKeys } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { AlphaClient, type AlphaPayment } from '../alpha/alpha-client';
import { BetaClient } from '../beta/beta-client';
import { V1Client, type JsonBody } from './v1-client';

/**
 * Read-your-writes: whatever an acknowledged create made is readable at once. Each pair creates through
 * the API and reads straight after, with no wait and no retry; a read that does not show the create is
 * a miss. Pairs run in lanes, one merchant per lane, so a lane's newest payment is the one it just made
 * (what a list read must show first). Runs embedded and, in the `processes` project, over the fleet.
 */
const ON_FLEET = process.env.GATEWAY_TEST_TOPOLOGY === 'processes';
// On the fleet the development engine (FerretDB 1.24 on SQLite) makes each create take most of a second,
// so 1,000 pairs of every kind take 30-45 minutes there: more than the whole suite may. scripts/test runs
// 200 per kind on the fleet; READ_YOUR_WRITES_FLEET_PAIRS=1000 runs the full count (docs/testing.md).
const PAIRS = ON_FLEET ? Number(process.env.READ_YOUR_WRITES_FLEET_PAIRS ?? 200) : 1_000;
// A command takes a second or more on the fleet (FerretDB), milliseconds embedded: the fleet needs more
// pairs in flight. Measured on two cores shared with other work (load average ~20): 1,000 V1 pairs took
// 6.5 minutes on the fleet, family B pairs over 20; the cap is for such a machine, not the expected time.
const LANES = ON_FLEET ? 16 : 8;
const TIMEOUT_MS = ON_FLEET ? 30 * 60_000 : 5 * 60_000;

interface Lane {
  v1: V1Client;
  alpha: AlphaClient;
  beta: BetaClient;
}

type ReadKind =
  | 'GET /v1/payment/{id}'
  | 'POST /v1/payment/{id}/update-merchant-estimate'
  | 'GET /v1/invoice-payment'
  | 'hosted page /invoice/<id>'
  | 'family A /payment/info'
  | 'family A /payment/list'
  | 'hosted page /pay/<uuid> (family A url)'
  | 'family B GET /payment/?track_id='
  | 'family B GET /payment/{track_id}'
  | 'hosted page family B payment_url';

/** Reads of one create, each `true` when it showed the create. */
type Pair = (lane: Lane, n: number) => Promise<Partial<Record<ReadKind, boolean>>>;

describe(`read-your-writes: ${PAIRS} create-then-read pairs per read kind, no wait, no retry`, () => {
  let gateway: TestGateway;
  let lanes: Lane[];

  beforeAll(async () => {
    gateway = await startTestGateway();
    const merchants: MerchantKeys[] = [];
    for (let i = 0; i < LANES; i++) merchants.push(await gateway.createMerchant(`read-your-writes ${i}`));
    lanes = merchants.map((keys) => ({
      v1: new V1Client(gateway, keys.apiKey),
      alpha: new AlphaClient(gateway.baseUrl, keys),
      beta: new BetaClient(gateway.baseUrl, keys),
    }));
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  /** The page a hosted-page URL names, on the gateway under test (the configured base URL may differ). */
  const page = async (url: string): Promise<boolean> => {
    const response = await fetch(`${gateway.baseUrl}${new URL(url).pathname}`);
    await response.arrayBuffer();
    return response.status === 200;
  };

  /** Runs PAIRS pairs over the lanes and counts, per read kind, the reads that missed their create. */
  async function missesOf(pair: Pair): Promise<Partial<Record<ReadKind, number>>> {
    const misses: Partial<Record<ReadKind, number>> = {};
    let next = 0;
    let failed = false;
    await Promise.all(
      lanes.map(async (lane) => {
        // One failing lane stops the others, so none runs on into the next test.
        for (let n = next++; n < PAIRS && !failed; n = next++) {
          const reads = await pair(lane, n).catch((error: unknown) => {
            failed = true;
            throw error;
          });
          for (const [kind, seen] of Object.entries(reads) as [ReadKind, boolean][]) {
            misses[kind] = (misses[kind] ?? 0) + (seen ? 0 : 1);
          }
        }
      }),
    );
    return misses;
  }

  /**
   * A command payments did not answer in time (503/504, which a busy fleet gives now and then) is sent
   * again as a client would, with the same Idempotency-Key and body; the first other answer is returned.
   * Only commands are retried, never a read: the read follows the command's answer at once.
   */
  async function answered<T extends { status: number }>(send: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const answer = await send();
      if (![503, 504].includes(answer.status) || attempt === 5) return answer;
    }
  }

  /** A create that must succeed; anything else fails the test rather than counting as a miss. */
  async function created<T extends { status: number }>(send: () => Promise<T>, expected: number): Promise<T> {
    const answer = await answered(send);
    if (answer.status !== expected) throw new Error(`a create answered ${JSON.stringify(answer)}`);
    return answer;
  }

  const v1Create = async (v1: V1Client, path: string, body: unknown): Promise<JsonBody> => {
    const headers = { 'idempotency-key': randomUUID() };
    return (await created(() => v1.post(path, body, { headers }), 201)).body;
  };

  it(
    'V1: a payment is readable by id and re-estimable right after its 201',
    async () => {
      const misses = await missesOf(async ({ v1 }) => {
        const body = { price_amount: 100, price_currency: 'usd', pay_currency: 'btc', order_id: 'ryw' };
        const payment = await v1Create(v1, '/v1/payment', body);
        const read = await v1.get(`/v1/payment/${payment.payment_id}`);
        const estimate = await answered(() =>
          v1.post(`/v1/payment/${payment.payment_id}/update-merchant-estimate`, {}),
        );
        return {
          'GET /v1/payment/{id}': read.status === 200 && read.body.payment_id === payment.payment_id,
          'POST /v1/payment/{id}/update-merchant-estimate':
            estimate.status === 200 && estimate.body.id === payment.payment_id,
        };
      });
      expect(misses).toEqual({
        'GET /v1/payment/{id}': 0,
        'POST /v1/payment/{id}/update-merchant-estimate': 0,
      });
    },
    TIMEOUT_MS,
  );

  it(
    "V1 invoices: the invoice's page and the payment made from it are readable at once",
    async () => {
      const misses = await missesOf(async ({ v1 }) => {
        const invoice = await v1Create(v1, '/v1/invoice', { price_amount: 250, price_currency: 'usd' });
        const invoicePage = await page(invoice.invoice_url);
        const paid = await v1Create(v1, '/v1/invoice-payment', { iid: invoice.id, pay_currency: 'btc' });
        const read = await v1.get(`/v1/invoice-payment?invoiceId=${invoice.id}`);
        return {
          'hosted page /invoice/<id>': invoicePage,
          'GET /v1/invoice-payment': read.status === 200 && read.body.payment_id === paid.payment_id,
        };
      });
      expect(misses).toEqual({ 'hosted page /invoice/<id>': 0, 'GET /v1/invoice-payment': 0 });
    },
    TIMEOUT_MS,
  );

  it(
    'family A: info, the list and the payment page show a payment right after its create',
    async () => {
      const misses = await missesOf(async ({ alpha }, n) => {
        // Upstream answers a repeated order_id with the payment already open for it: the retry is safe.
        const body = { amount: '20', currency: 'USD', order_id: `ryw-${n}` };
        const { body: opened } = await created(
          () => alpha.post<{ result: AlphaPayment }>('/payment', body),
          200,
        );
        const { uuid, url } = opened.result;
        const info = await alpha.info({ uuid });
        const list = await alpha.post<{ result: { items: { uuid: string }[] } }>('/payment/list', {});
        return {
          'family A /payment/info': info.status === 200 && info.body.result.uuid === uuid,
          'family A /payment/list': list.status === 200 && list.body.result.items[0]?.uuid === uuid,
          'hosted page /pay/<uuid> (family A url)': await page(url),
        };
      });
      expect(misses).toEqual({
        'family A /payment/info': 0,
        'family A /payment/list': 0,
        'hosted page /pay/<uuid> (family A url)': 0,
      });
    },
    TIMEOUT_MS,
  );

  it(
    'family B: the history by track_id, the payment information and the payment page show a payment right after its create',
    async () => {
      const misses = await missesOf(async ({ beta }) => {
        const headers = { 'idempotency-key': randomUUID() };
        const { body } = await created(
          () => beta.send('POST', '/payment/invoice', { body: { amount: 20, currency: 'USD' }, headers }),
          200,
        );
        const invoice = body.data as { track_id: string; payment_url: string };
        const history = await beta.history({ track_id: invoice.track_id });
        const information = await beta.send('GET', `/payment/${invoice.track_id}`);
        return {
          'family B GET /payment/?track_id=':
            history.status === 200 && history.body.data?.list?.[0]?.track_id === invoice.track_id,
          'family B GET /payment/{track_id}':
            information.status === 200 && information.body.data?.track_id === invoice.track_id,
          'hosted page family B payment_url': await page(invoice.payment_url),
        };
      });
      expect(misses).toEqual({
        'family B GET /payment/?track_id=': 0,
        'family B GET /payment/{track_id}': 0,
        'hosted page family B payment_url': 0,
      });
    },
    TIMEOUT_MS,
  );
});
