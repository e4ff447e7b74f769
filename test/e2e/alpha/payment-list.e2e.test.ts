import { validatorFor } from '@gw/contracts';
import { alphaPaymentListSchema, alphaSuccess } from '@gw/contracts/api/alpha';
import { ManualClock } from '@gw/platform';
import type { MerchantKeys } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { newMerchant, readyMerchant } from './alpha-fixtures';
import { AlphaClient, type AlphaPayment } from './alpha-client';

interface ListResult {
  items: AlphaPayment[];
  paginate: {
    count: number;
    hasPages: boolean;
    nextCursor: string | null;
    previousCursor: string | null;
    perPage: number;
  };
}

const matchesList = validatorFor(alphaSuccess('list', alphaPaymentListSchema));

describe('POST /payment/list', () => {
  const clock = new ManualClock('2025-03-01T10:00:00.000Z');
  let gateway: TestGateway;
  let shop: MerchantKeys;
  let client: AlphaClient;
  /** Uuids in creation order: 10 on March 1st, 10 on March 2nd, 11 on March 3rd. */
  const created: string[] = [];

  const list = async (body: Record<string, unknown> = {}, query = '') => {
    const answer = await client.post<{ state: number; result: ListResult }>(`/payment/list${query}`, body);
    expect(answer.status).toBe(200);
    expect(matchesList(answer.body)).toBe(true);
    return answer.body.result;
  };
  const uuids = (result: ListResult) => result.items.map((item) => item.uuid);

  beforeAll(async () => {
    gateway = await startTestGateway({ clock });
    await readyMerchant(gateway, gateway.demoMerchant);
    shop = await newMerchant(gateway, 'List shop');
    client = new AlphaClient(gateway.baseUrl, shop);
    for (const [day, count] of [
      ['01', 10],
      ['02', 10],
      ['03', 11],
    ] as const) {
      clock.set(`2025-03-${day}T08:00:00.000Z`);
      for (let index = 0; index < count; index++) {
        clock.advance(60_000);
        created.push((await client.createPayment()).uuid);
      }
    }
    const payments = gateway.gateway.ctx.readModels.collection('payments');
    const deadline = Date.now() + 5_000;
    while ((await payments.count({ merchantId: shop.merchantId })) < created.length) {
      if (Date.now() > deadline) throw new Error('the read model never caught up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('answers the first page, newest first, 15 per page', async () => {
    const first = await list();
    expect(uuids(first)).toEqual([...created].reverse().slice(0, 15));
    expect(first.paginate).toMatchObject({ count: 15, hasPages: true, previousCursor: null, perPage: 15 });
    expect(first.paginate.nextCursor).toEqual(expect.any(String));
  });

  it('walks every page with ?cursor= and back again, each payment exactly once', async () => {
    const first = await list();
    const second = await list({}, `?cursor=${first.paginate.nextCursor}`);
    const third = await list({}, `?cursor=${second.paginate.nextCursor}`);
    expect(second.paginate).toMatchObject({ count: 15, hasPages: true });
    expect(third.paginate).toMatchObject({ count: 1, hasPages: true, nextCursor: null });
    expect([...uuids(first), ...uuids(second), ...uuids(third)]).toEqual([...created].reverse());

    const back = await list({}, `?cursor=${third.paginate.previousCursor}`);
    expect(uuids(back)).toEqual(uuids(second));
    const start = await list({}, `?cursor=${second.paginate.previousCursor}`);
    expect(uuids(start)).toEqual(uuids(first));
  });

  it('takes the cursor from the body too, and a page number as older SDKs send it', async () => {
    const first = await list({ cursor: '1' });
    const byBody = await list({ cursor: first.paginate.nextCursor });
    const byNumber = await list({ cursor: '2' });
    expect(uuids(byBody)).toEqual(uuids(byNumber));
    expect(uuids(byBody)).toEqual([...created].reverse().slice(15, 30));
  });

  it('lets the query-string cursor win over the body cursor', async () => {
    const first = await list();
    expect(uuids(await list({ cursor: '3' }, `?cursor=${first.paginate.nextCursor}`))).toEqual(
      [...created].reverse().slice(15, 30),
    );
  });

  it('answers an empty page past the end, pointing back', async () => {
    const beyond = await list({ cursor: '9' });
    expect(beyond.items).toEqual([]);
    expect(beyond.paginate).toMatchObject({ count: 0, hasPages: true, nextCursor: null });
    expect(uuids(await list({}, `?cursor=${beyond.paginate.previousCursor}`))).toEqual([]);
  });

  it.each([
    [
      'upstream\'s "YYYY-MM-DD H:mm:ss"',
      { date_from: '2025-03-02 00:00:00', date_to: '2025-03-02 23:59:59' },
      [10, 20],
    ],
    [
      'dates alone, the upper one covering its whole day',
      { date_from: '2025-03-02', date_to: '2025-03-02' },
      [10, 20],
    ],
    ['ISO 8601 with an offset', { date_from: '2025-03-03T10:00:00+02:00' }, [20, 31]],
    ['only an upper bound', { date_to: '2025-03-01 08:05:00' }, [0, 5]],
    ['bounds in the future', { date_from: '2026-01-01 00:00:00' }, [0, 0]],
  ])('filters by creation date: %s', async (_case, bounds, [from, to]) => {
    const result = await list(bounds);
    expect(uuids(result)).toEqual(created.slice(from, to).reverse());
    expect(result.paginate).toMatchObject({ hasPages: false, nextCursor: null, previousCursor: null });
  });

  it('pages within a date range', async () => {
    const first = await list({ date_from: '2025-03-02 00:00:00' });
    expect(first.paginate).toMatchObject({ count: 15, hasPages: true });
    const second = await list({ date_from: '2025-03-02 00:00:00', cursor: first.paginate.nextCursor });
    expect(second.paginate).toMatchObject({ count: 6, nextCursor: null });
  });

  it('shows a merchant only its own payments, and an empty page when it has none', async () => {
    const stranger = new AlphaClient(gateway.baseUrl, await newMerchant(gateway, 'Stranger'));
    const empty = await stranger.post<{ result: ListResult }>('/payment/list', {});
    expect(empty.body.result).toEqual({
      items: [],
      paginate: { count: 0, hasPages: false, nextCursor: null, previousCursor: null, perPage: 15 },
    });

    const own = await stranger.createPayment();
    let result: ListResult | undefined;
    for (let attempt = 0; attempt < 100 && !result?.items.length; attempt++) {
      result = (await stranger.post<{ result: ListResult }>('/payment/list', {})).body.result;
    }
    expect(result?.items.map((item) => item.uuid)).toEqual([own.uuid]);
  });

  it('lists payments opened through family B in family A shape', async () => {
    const response = await fetch(`${gateway.baseUrl}/beta/v1/payment/invoice`, {
      method: 'POST',
      headers: { merchant_api_key: shop.betaApiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 12, currency: 'EUR', order_id: 'from-beta' }),
    });
    expect(response.status).toBe(200);
    let newest: AlphaPayment | undefined;
    for (let attempt = 0; attempt < 100 && newest?.order_id !== 'from-beta'; attempt++)
      newest = (await list()).items[0];
    expect(newest).toMatchObject({
      order_id: 'from-beta',
      amount: '12.00000000',
      currency: 'EUR',
      payer_currency: 'USDT',
      status: 'process',
    });
  });
});
