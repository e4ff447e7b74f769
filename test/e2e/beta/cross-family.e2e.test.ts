import type { MerchantKeys } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { AlphaClient } from '../alpha/alpha-client';
import { newMerchant, readyMerchant, storedPayment } from '../alpha/alpha-fixtures';
import { BetaClient } from './beta-client';

/** One Payment aggregate: a merchant's payment reads through every family in that family's shape. */
describe('payments across families', () => {
  let gateway: TestGateway;
  let shop: MerchantKeys;
  let beta: BetaClient;
  let alpha: AlphaClient;

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    shop = await newMerchant(gateway, 'Three-family shop');
    beta = new BetaClient(gateway.baseUrl, shop);
    alpha = new AlphaClient(gateway.baseUrl, shop);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('shows a V1 payment in the family B history as white_label, and in family A by uuid', async () => {
    const response = await fetch(`${gateway.baseUrl}/v1/payment`, {
      method: 'POST',
      headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        price_amount: 75,
        price_currency: 'eur',
        pay_currency: 'btc',
        order_id: 'v1-77',
      }),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { payment_id: number; pay_address: string };
    const trackId = String(created.payment_id);

    const item = await beta.itemWhen(trackId, () => true);
    expect(item).toMatchObject({
      track_id: trackId,
      type: 'white_label',
      amount: 75,
      currency: 'EUR',
      status: 'Waiting',
    });
    const whiteLabel = await beta.history({ type: 'white_label' });
    expect(whiteLabel.body.data.list.map((entry: { track_id: string }) => entry.track_id)).toEqual([trackId]);

    const stored = await gateway.gateway.ctx.readModels
      .collection<{ id: string; version: number; uuid: string }>('payments')
      .get(trackId);
    const info = await alpha.info({ uuid: stored!.uuid });
    expect(info.body.result).toMatchObject({
      order_id: 'v1-77',
      address: created.pay_address,
      currency: 'EUR',
      payer_currency: 'BTC',
      status: 'process',
    });
  });

  it('shows a family B invoice in family A by the uuid of its payment_url', async () => {
    const invoice = await beta.createInvoice({ amount: 33, currency: 'USD', order_id: 'b-33' });
    const uuid = invoice.payment_url.split('/').pop()!;
    await alpha.paymentWhen(uuid, () => true);
    const info = await alpha.info({ uuid });
    expect(info.status).toBe(200);
    expect(info.body.result).toMatchObject({
      uuid,
      order_id: 'b-33',
      amount: '33.00000000',
      currency: 'USD',
      url: invoice.payment_url,
      expired_at: invoice.expired_at,
    });
  });

  it('lists a V1 payment made without order_id in family A with order_id "", as exactly application/json', async () => {
    const response = await fetch(`${gateway.baseUrl}/v1/payment`, {
      method: 'POST',
      headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ price_amount: 40, price_currency: 'usd', pay_currency: 'btc' }),
    });
    expect(response.status).toBe(201);
    const { payment_id: paymentId } = (await response.json()) as { payment_id: number };
    const { uuid } = await storedPayment(gateway, paymentId);
    const info = await alpha.info({ uuid });
    expect(info.body.result).toMatchObject({ uuid, order_id: '' });
    const list = await alpha.post<{ result: { items: Array<{ uuid: string; order_id: unknown }> } }>(
      '/payment/list',
      {},
    );
    const items = list.body.result.items;
    expect(items.find((item) => item.uuid === uuid)).toMatchObject({ order_id: '' });
    expect(items.every((item) => typeof item.order_id === 'string')).toBe(true);

    const raw = await fetch(`${gateway.baseUrl}/alpha/v1/payment/list`, { method: 'POST' });
    expect(raw.headers.get('content-type')).toBe('application/json');
  });

  it('shows a family A payment in the family B history as an invoice', async () => {
    const payment = await alpha.createPayment({ amount: '12', currency: 'USD' });
    const { trackId } = await storedPayment(gateway, payment.uuid);
    expect(await beta.itemWhen(trackId, () => true)).toMatchObject({
      type: 'invoice',
      amount: 12,
      currency: 'USD',
      status: 'Waiting',
    });
  });

  it("keeps every family's reads to the merchant's own payments", async () => {
    const stranger = await newMerchant(gateway, 'Stranger');
    const invoice = await beta.createInvoice({ amount: 21, currency: 'USD' });
    const uuid = invoice.payment_url.split('/').pop()!;
    await storedPayment(gateway, uuid);
    expect(
      (await new BetaClient(gateway.baseUrl, stranger).history({ track_id: invoice.track_id })).body.data.meta
        .total,
    ).toBe(0);
    expect((await new AlphaClient(gateway.baseUrl, stranger).info({ uuid })).status).toBe(404);
    const v1 = await fetch(`${gateway.baseUrl}/v1/payment/${invoice.track_id}`, {
      headers: { 'x-api-key': stranger.apiKey },
    });
    expect(v1.status).toBe(404);
  });
});
