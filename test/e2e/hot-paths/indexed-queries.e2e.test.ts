import { InMemoryReadModelStore, wasted, type QueryCost } from '@gw/store';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { AlphaClient, type AlphaPayment } from '../alpha/alpha-client';
import { finalise, readyMerchant, storedPayment } from '../alpha/alpha-fixtures';
import { BetaClient } from '../beta/beta-client';
import { V1Client } from '../v1/v1-client';

/**
 * Every create and every lookup by key reads only what an index pins, whatever the store holds: the
 * embedded read models run under a budget of no document read in vain, so a query a create issues
 * that no index serves is refused (the request fails) and listed here. A merchant with payments of
 * every family (and several of the same order) makes a scan visible: it would read them all.
 */
describe('creates and lookups by key are served by indexes', () => {
  let gateway: TestGateway;
  let store: InMemoryReadModelStore;
  let v1: V1Client;
  let alpha: AlphaClient;
  let beta: BetaClient;
  const wasteful: QueryCost[] = [];

  const createV1 = async (orderId: string, headers: Record<string, string> = {}) => {
    const answer = await v1.call('POST', '/v1/payment', {
      body: { price_amount: 20, price_currency: 'usd', pay_currency: 'btc', order_id: orderId },
      headers,
    });
    expect(answer.status).toBe(201);
    return answer.body as { payment_id: string };
  };
  const createAlpha = async (fields: Record<string, unknown>) => {
    const answer = await alpha.post<{ state: number; result: AlphaPayment }>('/payment', {
      amount: '20',
      currency: 'USD',
      ...fields,
    });
    expect(answer.body.state).toBe(0);
    return answer.body.result;
  };

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    const readModels = gateway.gateway.ctx.readModels;
    if (!(readModels instanceof InMemoryReadModelStore))
      throw new Error('this test runs on the embedded store');
    store = readModels;
    store.guardQueries({
      budget: 0,
      observe: (cost) => {
        if (wasted(cost) > 0) wasteful.push(cost);
      },
    });
    v1 = new V1Client(gateway);
    alpha = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
    beta = new BetaClient(gateway.baseUrl, gateway.demoMerchant);
    for (let i = 0; i < 12; i++) {
      await createV1(`shared-${i % 3}`);
      await createAlpha({ order_id: `alpha-${i}` });
      await beta.createInvoice({ order_id: `beta-${i}` });
    }
  }, 120_000);

  afterAll(async () => {
    store?.guardQueries(undefined);
    await gateway?.stop();
  });

  afterEach(() => {
    const seen = wasteful.splice(0);
    expect(seen).toEqual([]);
  });

  it('V1: creates, an Idempotency-Key create and its replay, reads by id', async () => {
    const created = await createV1('v1-order');
    const keyed = await createV1('v1-keyed', { 'idempotency-key': 'index-test-1' });
    const replayed = await createV1('v1-keyed', { 'idempotency-key': 'index-test-1' });

    expect(replayed.payment_id).toBe(keyed.payment_id);
    for (const id of [created.payment_id, keyed.payment_id]) {
      expect((await v1.call('GET', `/v1/payment/${id}`)).status).toBe(200);
    }
  });

  it('family A: a new order, an order still open, an expired order refreshed, and payment/info by order and uuid', async () => {
    const opened = await createAlpha({ order_id: 'alpha-reuse' });
    const again = await createAlpha({ order_id: 'alpha-reuse' });
    expect(again.uuid).toBe(opened.uuid);

    await finalise(gateway, await storedPayment(gateway, opened.uuid), 'expire');
    const refreshed = await createAlpha({ order_id: 'alpha-reuse', is_refresh: true });
    expect(refreshed.uuid).not.toBe(opened.uuid);

    for (const body of [{ order_id: 'alpha-reuse' }, { uuid: opened.uuid }]) {
      const info = await alpha.post<{ state: number }>('/payment/info', body);
      expect(info.body.state).toBe(0);
    }
  });

  it('family B: an invoice, and the payment by track id', async () => {
    const invoice = await beta.createInvoice({ order_id: 'beta-new' });
    await storedPayment(gateway, Number(invoice.track_id)).catch(() => undefined);

    expect((await beta.send('GET', `/payment/${invoice.track_id}`)).status).toBe(200);
  });
});
