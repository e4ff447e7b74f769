import { validatorFor } from '@gw/contracts';
import { betaPaymentListSchema, betaSuccess } from '@gw/contracts/api/beta';
import { ManualClock } from '@gw/platform';
import type { MerchantKeys } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { AlphaClient } from '../alpha/alpha-client';
import { newMerchant, readyMerchant, storedPayment } from '../alpha/alpha-fixtures';
import { BetaClient, type ListItem } from './beta-client';

const matchesList = validatorFor(betaSuccess('history', betaPaymentListSchema));

const unix = (iso: string) => Date.parse(iso) / 1000;

describe('GET /beta/v1/payment', () => {
  const clock = new ManualClock('2025-04-01T12:00:00.000Z');
  let gateway: TestGateway;
  let shop: MerchantKeys;
  let client: BetaClient;
  const tracks: Record<string, string> = {};

  const history = async (query: Record<string, string | number> = {}, path = '/payment') => {
    const answer = await client.history(query, path);
    expect(answer.status).toBe(200);
    expect(matchesList(answer.body)).toBe(true);
    return answer.body.data as { list: ListItem[]; meta: { page: number; last_page: number; total: number } };
  };
  const ids = (list: ListItem[]) => list.map((item) => item.track_id);

  beforeAll(async () => {
    gateway = await startTestGateway({ clock });
    // The payments are opened days apart on the manual clock and must all stay waiting: the scheduler's
    // expiry pass, which runs every few seconds of real time, would expire the older ones as soon as
    // the clock passes their lifetime, whenever a busy machine let a pass fall inside this setup.
    await gateway.gateway.services.find((service) => service.name === 'scheduler')!.stop();
    await readyMerchant(gateway, gateway.demoMerchant);
    shop = await newMerchant(gateway, 'History shop');
    client = new BetaClient(gateway.baseUrl, shop);
    const at = async (iso: string, name: string, open: () => Promise<string>) => {
      clock.set(iso);
      tracks[name] = await open();
    };
    const invoice = (fields: Record<string, unknown>) => async () =>
      (await client.createInvoice(fields)).track_id;
    await at('2025-04-01T10:00:00.000Z', 'usd20', invoice({ amount: 20, currency: 'USD' }));
    await at('2025-04-02T10:00:00.000Z', 'eur50', invoice({ amount: 50, currency: 'EUR' }));
    await at('2025-04-03T10:00:00.000Z', 'btc', invoice({ amount: '0.002', currency: 'BTC' }));
    await at('2025-04-04T10:00:00.000Z', 'usdtBsc', invoice({ amount: 30, currency: 'USDTBSC' }));
    await at('2025-04-05T10:00:00.000Z', 'alpha', async () => {
      const payment = await new AlphaClient(gateway.baseUrl, shop).createPayment({
        amount: '40',
        currency: 'USD',
        order_id: 'alpha-in-beta',
      });
      return (await storedPayment(gateway, payment.uuid)).trackId;
    });
    const payments = gateway.gateway.ctx.readModels.collection('payments');
    const deadline = Date.now() + 5_000;
    while ((await payments.count({ merchantId: shop.merchantId })) < Object.keys(tracks).length) {
      if (Date.now() > deadline) throw new Error('the read model never caught up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it("lists the merchant's payments of every family, newest first, with spec fields", async () => {
    const data = await history();
    expect(ids(data.list)).toEqual([tracks.alpha, tracks.usdtBsc, tracks.btc, tracks.eur50, tracks.usd20]);
    expect(data.meta).toEqual({ page: 1, last_page: 1, total: 5 });
    expect(data.list[0]).toEqual({
      track_id: tracks.alpha,
      type: 'invoice',
      amount: 40,
      currency: 'USD',
      status: 'Waiting',
      date: unix('2025-04-05T10:00:00Z'),
      sandbox: true,
    });
    expect(data.list[3]).toEqual({
      track_id: tracks.eur50,
      type: 'invoice',
      amount: 50,
      currency: 'EUR',
      status: 'Waiting',
      date: unix('2025-04-02T10:00:00Z'),
      sandbox: true,
    });
  });

  it('answers at /payment/ (spec) and /payment (SDKs) alike', async () => {
    expect(await history({}, '/payment/')).toEqual(await history({}, '/payment'));
  });

  it.each([
    ['track_id', () => ({ track_id: tracks.btc! }), ['btc']],
    ['type invoice', () => ({ type: 'invoice' }), ['alpha', 'usdtBsc', 'btc', 'eur50', 'usd20']],
    ['type white_label', () => ({ type: 'white_label' }), []],
    ['status (any case)', () => ({ status: 'WAITING' }), ['alpha', 'usdtBsc', 'btc', 'eur50', 'usd20']],
    ['status paid', () => ({ status: 'paid' }), []],
    ['pay_currency by symbol', () => ({ pay_currency: 'USDT' }), ['alpha', 'usdtBsc', 'eur50', 'usd20']],
    ['pay_currency by code', () => ({ pay_currency: 'usdtbsc' }), ['usdtBsc']],
    ['currency', () => ({ currency: 'usd' }), ['alpha', 'usd20']],
    ['network by name', () => ({ network: 'TRC20' }), ['alpha', 'eur50', 'usd20']],
    ['network by code', () => ({ network: 'bsc' }), ['usdtBsc']],
    ['from_date', () => ({ from_date: unix('2025-04-03T10:00:00Z') }), ['alpha', 'usdtBsc', 'btc']],
    ['to_date (inclusive)', () => ({ to_date: unix('2025-04-02T10:00:00Z') }), ['eur50', 'usd20']],
    [
      'from_amount and to_amount',
      () => ({ from_amount: 20, to_amount: '40' }),
      ['alpha', 'usdtBsc', 'usd20'],
    ],
  ])('filters by %s', async (_name, query, expected) => {
    expect(ids((await history(query())).list)).toEqual(expected.map((name) => tracks[name]));
  });

  it('filters by address', async () => {
    const stored = await gateway.gateway.ctx.readModels
      .collection<{ id: string; version: number; payAddress: string }>('payments')
      .get(tracks.btc!);
    expect(ids((await history({ address: stored!.payAddress })).list)).toEqual([tracks.btc]);
  });

  it.each([
    [{ sort_by: 'amount', sort_type: 'desc' }, ['eur50', 'alpha', 'usdtBsc', 'usd20', 'btc']],
    [{ sort_by: 'amount', sort_type: 'asc' }, ['btc', 'usd20', 'usdtBsc', 'alpha', 'eur50']],
    [{ sort_by: 'create_date', sort_type: 'asc' }, ['usd20', 'eur50', 'btc', 'usdtBsc', 'alpha']],
    [{ sort_by: 'pay_date', sort_type: 'DESC' }, ['alpha', 'usdtBsc', 'btc', 'eur50', 'usd20']],
  ])('sorts %j', async (query, expected) => {
    expect(ids((await history(query)).list)).toEqual(expected.map((name) => tracks[name]));
  });

  it('pages with size and page, meta correct at the edges', async () => {
    const first = await history({ size: 2 });
    const second = await history({ size: 2, page: 2 });
    const last = await history({ size: 2, page: 3 });
    expect(first.meta).toEqual({ page: 1, last_page: 3, total: 5 });
    expect([...ids(first.list), ...ids(second.list), ...ids(last.list)]).toEqual(ids((await history()).list));
    expect(last.list).toHaveLength(1);
    expect(await history({ size: 2, page: 4 })).toEqual({
      list: [],
      meta: { page: 4, last_page: 3, total: 5 },
    });
    expect((await history({ size: 5 })).meta).toEqual({ page: 1, last_page: 1, total: 5 });
    expect((await history({ size: 1 })).meta.last_page).toBe(5);
    expect((await history({ size: 200 })).list).toHaveLength(5);
  });

  it('answers an empty history with last_page 1', async () => {
    expect(await history({ status: 'expired' })).toEqual({
      list: [],
      meta: { page: 1, last_page: 1, total: 0 },
    });
  });

  it.each([
    [{ page: 0 }, 'page', 'The page field must be at least 1.'],
    [{ page: 'first' }, 'page', 'The page field must be an integer.'],
    [{ size: 0 }, 'size', 'The size field must be at least 1.'],
    [{ size: 201 }, 'size', 'The size field must not be greater than 200.'],
    [{ sort_by: 'status' }, 'sort_by', 'The selected sort by is invalid.'],
    [{ sort_type: 'sideways' }, 'sort_type', 'The selected sort type is invalid.'],
    [{ status: 'lost' }, 'status', 'The selected status is invalid.'],
    [{ type: 'payout' }, 'type', 'The selected type is invalid.'],
    [{ from_date: '2025-04-01' }, 'from_date', 'The from date field must be an integer.'],
    [{ to_amount: 'lots' }, 'to_amount', 'The to amount field must be a number.'],
  ])('refuses %j with 400 naming %s', async (query, key, message) => {
    const answer = await client.history(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      data: {},
      message: 'Validation failed.',
      error: { type: 'validation_error', key, message },
      status: 400,
      version: '1.0.0',
    });
  });

  it("never lists another merchant's payments", async () => {
    const stranger = new BetaClient(gateway.baseUrl, await newMerchant(gateway, 'Stranger'));
    const answer = await stranger.history({ track_id: tracks.usd20! });
    expect(answer.body.data).toEqual({ list: [], meta: { page: 1, last_page: 1, total: 0 } });
  });

  it('requires the key', async () => {
    const answer = await client.send('GET', '/payment', { apiKey: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      status: 401,
      error: { type: 'authentication_error', key: 'merchant_api_key' },
    });
  });
});
