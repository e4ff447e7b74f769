import { V1_PAYMENT_SORT_FIELDS } from '@gw/contracts/api/v1';
import { ManualClock } from '@gw/platform';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import {
  eventually,
  expectV1Error,
  V1Client,
  newMerchantClient,
  type JsonBody,
  readyClient,
} from './v1-client';

const HOUR_MS = 60 * 60 * 1000;
const PAY_CURRENCIES = ['btc', 'eth', 'ltc', 'usdttrc20'];
const PRICE_CURRENCIES = ['usd', 'eur', 'gbp'];
/** Prices deliberately out of creation order, so every sort differs from the default one. */
const PRICES = [310, 45.5, 999.99, 120, 75, 2500, 60, 480.25, 33, 1500, 88, 205];

type Row = JsonBody;

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

describe('GET /v1/payment/ (list)', () => {
  let gateway: TestGateway;
  let client: V1Client;
  const clock = new ManualClock('2025-03-01T18:00:00.000Z');
  let created: Row[] = [];
  let all: Row[] = [];

  const list = (query = '') => client.get(`/v1/payment/${query ? `?${query}` : ''}`);

  beforeAll(async () => {
    gateway = await startTestGateway({ clock });
    client = await readyClient(gateway);
    created = [];
    for (const [index, price] of PRICES.entries()) {
      const payment = await client.createPayment({
        price_amount: price,
        price_currency: PRICE_CURRENCIES[index % PRICE_CURRENCIES.length],
        pay_currency: PAY_CURRENCIES[(index * 3) % PAY_CURRENCIES.length],
        order_id: `order-${String.fromCharCode(109 - index)}`,
        order_description: `item ${(index * 7) % 12}`,
        purchase_id: 1000 + ((index * 5) % 12),
      });
      created.push(payment);
      // Some payments are paid in full, some in part, so actually_paid, outcome_amount, status and updated_at differ.
      if (index % 4 === 1) await client.post(`/sandbox/v1/payments/${payment.payment_id}/pay`, {});
      if (index % 4 === 2)
        await client.post(`/sandbox/v1/payments/${payment.payment_id}/pay`, {
          amount: String(Math.floor(payment.pay_amount * 5_000) / 10_000),
        });
      clock.advance(HOUR_MS);
    }
    const settled = new Set(['waiting', 'partially_paid', 'finished']);
    all = await eventually(async () => {
      const answer = await list('limit=500');
      expect(answer.body.total).toBe(PRICES.length);
      const statuses = answer.body.data.map((p: Row) => p.payment_status);
      expect(statuses.every((status: string) => settled.has(status))).toBe(true);
      expect(statuses.filter((s: string) => s === 'finished')).toHaveLength(3);
      expect(statuses.filter((s: string) => s === 'partially_paid')).toHaveLength(3);
      return answer.body.data;
    }, 20_000);
    const otherMerchant = await newMerchantClient(gateway, 'other');
    await otherMerchant.createPayment({ order_id: 'not-yours' });
  });

  afterAll(() => gateway.stop());

  it('defaults to 10 payments of page 0, oldest first', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ limit: 10, page: 0, pagesCount: 2, total: 12 });
    expect(answer.body.data.map((p: Row) => p.payment_id)).toEqual(
      created.slice(0, 10).map((p) => p.payment_id),
    );
  });

  it('serves /v1/payment without the trailing slash too', async () => {
    expect((await client.get('/v1/payment?limit=3')).body).toEqual((await list('limit=3')).body);
  });

  it("shows only the caller's payments", async () => {
    expect(all.every((p) => p.order_id !== 'not-yours')).toBe(true);
    const theirs = await newMerchantClient(gateway, 'third');
    expect((await theirs.get('/v1/payment/')).body).toEqual({
      data: [],
      limit: 10,
      page: 0,
      pagesCount: 0,
      total: 0,
    });
  });

  it('accepts limit 1 and 500 and refuses 0 and 501', async () => {
    const one = await list('limit=1');
    expect(one.body).toMatchObject({ limit: 1, pagesCount: 12, total: 12 });
    expect(one.body.data).toHaveLength(1);
    const most = await list('limit=500');
    expect(most.body).toMatchObject({ limit: 500, pagesCount: 1, total: 12 });
    expect(most.body.data).toHaveLength(12);
    expectV1Error(
      await list('limit=0'),
      400,
      'INVALID_REQUEST_PARAMS',
      'limit must be an integer from 1 to 500',
    );
    expectV1Error(
      await list('limit=501'),
      400,
      'INVALID_REQUEST_PARAMS',
      'limit must be an integer from 1 to 500',
    );
  });

  it('pages through every payment exactly once, and past the end returns no data with the right counts', async () => {
    const pages = await Promise.all([0, 1, 2].map((page) => list(`limit=5&page=${page}`)));
    expect(pages.map((p) => p.body.data.length)).toEqual([5, 5, 2]);
    expect(pages.flatMap((p) => p.body.data.map((row: Row) => row.payment_id))).toEqual(
      all.map((p) => p.payment_id),
    );
    expect((await list('limit=5&page=3')).body).toEqual({
      data: [],
      limit: 5,
      page: 3,
      pagesCount: 3,
      total: 12,
    });
    expect((await list('limit=5&page=1000')).body).toMatchObject({
      data: [],
      page: 1000,
      pagesCount: 3,
      total: 12,
    });
    expectV1Error(
      await list('page=-1'),
      400,
      'INVALID_REQUEST_PARAMS',
      'page must be a non-negative integer',
    );
  });

  describe.each(V1_PAYMENT_SORT_FIELDS.map((field) => [field]))('sortBy=%s', (field) => {
    it.each([['asc'], ['desc']])('orders by the field, %s', async (direction) => {
      const answer = await list(`limit=500&sortBy=${field}&orderBy=${direction}`);
      expect(answer.status).toBe(200);
      const rows: Row[] = answer.body.data;
      expect(rows.map((p) => p.payment_id).sort()).toEqual(all.map((p) => p.payment_id).sort());
      const sign = direction === 'asc' ? 1 : -1;
      for (let index = 1; index < rows.length; index++) {
        const order = sign * compareValues(rows[index - 1]![field], rows[index]![field]);
        expect({ field, at: index, ordered: order <= 0 }).toEqual({ field, at: index, ordered: true });
      }
    });
  });

  it('sorts the values the test made distinct into a different order than creation', async () => {
    const byPrice = (await list('limit=500&sortBy=price_amount&orderBy=desc')).body.data.map(
      (p: Row) => p.price_amount,
    );
    expect(byPrice).toEqual([...PRICES].sort((a, b) => b - a));
    const byId = await list('limit=500&sortBy=payment_id&orderBy=desc');
    expect(byId.body.data.map((p: Row) => p.payment_id)).toEqual(
      all.map((p) => p.payment_id).sort((a, b) => b - a),
    );
  });

  it('refuses an unknown sort field or direction', async () => {
    expectV1Error(await list('sortBy=merchant_id'), 400, 'INVALID_REQUEST_PARAMS', /^sortBy must be one of /);
    expectV1Error(
      await list('orderBy=sideways'),
      400,
      'INVALID_REQUEST_PARAMS',
      'orderBy must be asc or desc',
    );
  });

  it('bounds created_at by whole UTC days', async () => {
    const firstDay = created.filter((p) => p.created_at.startsWith('2025-03-01')).map((p) => p.payment_id);
    const secondDay = created.filter((p) => p.created_at.startsWith('2025-03-02')).map((p) => p.payment_id);
    expect(firstDay.length).toBeGreaterThan(0);
    expect(secondDay.length).toBeGreaterThan(0);
    const ids = async (query: string) =>
      (await list(`limit=500&${query}`)).body.data.map((p: Row) => p.payment_id);
    expect(await ids('dateTo=2025-03-01')).toEqual(firstDay);
    expect(await ids('dateFrom=2025-03-02')).toEqual(secondDay);
    expect(await ids('dateFrom=2025-03-01&dateTo=2025-03-02')).toEqual([...firstDay, ...secondDay]);
    expect(await ids('dateFrom=2025-03-03')).toEqual([]);
  });

  it('bounds created_at by inclusive ISO instants', async () => {
    const from = created[3]!.created_at;
    const to = created[6]!.created_at;
    const answer = await list(
      `limit=500&dateFrom=${encodeURIComponent(from)}&dateTo=${encodeURIComponent(to)}`,
    );
    expect(answer.body.data.map((p: Row) => p.payment_id)).toEqual(
      created.slice(3, 7).map((p) => p.payment_id),
    );
    expect(answer.body.total).toBe(4);
  });

  it('refuses date bounds that are not dates', async () => {
    expectV1Error(
      await list('dateFrom=last-week'),
      400,
      'INVALID_REQUEST_PARAMS',
      'dateFrom must be a date (YYYY-MM-DD) or an ISO 8601 time',
    );
    expectV1Error(
      await list('dateTo=2025-02-30'),
      400,
      'INVALID_REQUEST_PARAMS',
      'dateTo must be a date (YYYY-MM-DD) or an ISO 8601 time',
    );
  });
});
