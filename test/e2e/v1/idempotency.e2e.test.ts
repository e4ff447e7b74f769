import { startTestGateway, type TestGateway } from '../../support/gateway';
import { expectV1Error, V1Client, newMerchantClient, readyClient } from './v1-client';

const BODY = JSON.stringify({
  price_amount: 100,
  price_currency: 'usd',
  pay_currency: 'btc',
  order_id: 'IDEM-1',
});

describe('Idempotency-Key on V1 creating POSTs', () => {
  let gateway: TestGateway;
  let client: V1Client;

  beforeAll(async () => {
    gateway = await startTestGateway();
    client = await readyClient(gateway);
  });

  afterAll(() => gateway.stop());

  const withKey = (key: string, raw: string, path = '/v1/payment') =>
    client.call('POST', path, {
      raw,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });

  const paymentStreams = async () => {
    const streams = new Set<string>();
    for await (const event of gateway.gateway.ctx.eventStore.readAll()) {
      if (event.type === 'PaymentCreated') streams.add(event.streamId);
    }
    return streams.size;
  };

  it('replays the first payment for a retry with the same key and body', async () => {
    const before = await paymentStreams();
    const first = await withKey('pay-1', BODY);
    const retry = await withKey('pay-1', BODY);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await paymentStreams()).toBe(before + 1);
  });

  it('refuses the same key with a different body with 409 in the V1 error shape', async () => {
    await withKey('pay-2', BODY);
    const other = await withKey('pay-2', BODY.replace('IDEM-1', 'IDEM-2'));
    expectV1Error(other, 409, 'IDEMPOTENCY_KEY_REUSED', /different request body/);
  });

  it('creates one payment for concurrent retries', async () => {
    const before = await paymentStreams();
    const answers = await Promise.all(Array.from({ length: 6 }, () => withKey('pay-concurrent', BODY)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.payment_id)).size).toBe(1);
    expect(await paymentStreams()).toBe(before + 1);
  });

  it('keeps two merchants apart even with the same key', async () => {
    const other = await newMerchantClient(gateway, 'other');
    const mine = await withKey('shared-key', BODY);
    const theirs = await other.call('POST', '/v1/payment', {
      raw: BODY,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'shared-key' },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.payment_id).not.toBe(mine.body.payment_id);
  });

  it('does not keep a refused request, so a corrected retry with the same key goes through', async () => {
    const refused = await withKey('pay-fix', JSON.stringify({ price_amount: 100, price_currency: 'usd' }));
    expectV1Error(refused, 400, 'INVALID_REQUEST_PARAMS', 'pay_currency is required');
    expect((await withKey('pay-fix', BODY)).status).toBe(201);
  });

  it('replays invoices', async () => {
    const body = JSON.stringify({ price_amount: 20, price_currency: 'usd' });
    const first = await withKey('inv-1', body, '/v1/invoice');
    const retry = await withKey('inv-1', body, '/v1/invoice');
    expect(first.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expectV1Error(
      await withKey('inv-1', JSON.stringify({ price_amount: 21, price_currency: 'usd' }), '/v1/invoice'),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('replays estimate updates, and refuses the key on another endpoint', async () => {
    const created = await client.createPayment();
    await client.readablePayment(created.payment_id);
    const path = `/v1/payment/${created.payment_id}/update-merchant-estimate`;
    const first = await withKey('est-1', '', path);
    const retry = await withKey('est-1', '', path);
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    const events = await gateway.gateway.ctx.eventStore.readStream(`payment-${created.payment_id}`);
    expect(events.map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentEstimateUpdated']);
    expectV1Error(await withKey('est-1', BODY), 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses an unusable key', async () => {
    expectV1Error(await withKey('k'.repeat(300), BODY), 400, 'INVALID_REQUEST_PARAMS', /Idempotency-Key/);
  });
});
