import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MerchantKeys } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { eventually, readyClient, type JsonBody, type V1Client } from './v1-client';

/**
 * The embedded default keeps everything in its append-only event store: a stopped and restarted gateway
 * answers with every merchant, payment and invoice it had acknowledged, in the same state.
 */
describe('the embedded gateway across a restart', () => {
  let dataDir: string;
  let gateway: TestGateway | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-restart-'));
  });

  afterAll(async () => {
    await gateway?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads back every payment, invoice and merchant key after stop and start', async () => {
    gateway = await startTestGateway({ dataDir });
    const merchant: MerchantKeys = gateway.demoMerchant;
    const client = await readyClient(gateway);

    const payments: JsonBody[] = [];
    for (const [index, payCurrency] of ['btc', 'eth', 'ltc', 'usdttrc20', 'sol'].entries()) {
      payments.push(
        await client.createPayment({
          price_amount: 10 + index,
          price_currency: 'usd',
          pay_currency: payCurrency,
          order_id: `RESTART-${index}`,
        }),
      );
    }
    const partial = payments[0]!;
    await client.readablePayment(partial.payment_id);
    const deposit = await client.post('/sandbox/v1/deposits', {
      pay_address: partial.pay_address,
      amount: String(Math.floor(partial.pay_amount * 5e7) / 1e8),
    });
    expect(deposit.status).toBe(202);
    await client.paymentWhen(partial.payment_id, (p) => p.payment_status === 'partially_paid');

    const invoices: JsonBody[] = [];
    for (const index of [1, 2, 3]) {
      const created = await client.post('/v1/invoice', {
        price_amount: 20 * index,
        price_currency: 'usd',
        order_id: `INV-RESTART-${index}`,
        order_description: `Order ${index}`,
      });
      expect(created.status).toBe(201);
      invoices.push(created.body);
    }
    const paidInvoice = invoices[0]!.id;
    await eventually(async () =>
      expect((await client.get(`/v1/invoice-payment?invoiceId=${paidInvoice}`)).status).toBe(200),
    );
    const invoicePayment = await client.post('/v1/invoice-payment', {
      iid: paidInvoice,
      pay_currency: 'btc',
    });
    expect(invoicePayment.status).toBe(201);
    await eventually(async () =>
      expect((await client.get(`/v1/invoice-payment?invoiceId=${paidInvoice}`)).body.payment_id).toBe(
        invoicePayment.body.payment_id,
      ),
    );

    const before = await snapshot(client, payments, invoices);
    await gateway.stop();
    gateway = undefined;

    gateway = await startTestGateway({ dataDir });
    const again = await readyClient(gateway, merchant.apiKey);
    const after = await snapshot(again, payments, invoices);

    expect(after).toEqual(before);
    expect(after.payments.map((p) => p.payment_status)).toEqual([
      'partially_paid',
      'waiting',
      'waiting',
      'waiting',
      'waiting',
    ]);
    expect(after.invoicePayments[0]).toMatchObject({
      payment_id: invoicePayment.body.payment_id,
      pay_currency: 'btc',
    });
    expect(after.invoicePayments.slice(1)).toEqual([
      { message: expect.stringContaining('No payment has been created') },
      { message: expect.stringContaining('No payment has been created') },
    ]);

    const next = await again.createPayment({ price_amount: 15, price_currency: 'usd', pay_currency: 'btc' });
    expect(payments.map((p) => p.payment_id)).not.toContain(next.payment_id);
    expect(payments.map((p) => p.pay_address)).not.toContain(next.pay_address);
  });
});

interface Snapshot {
  payments: JsonBody[];
  listed: number[];
  invoicePayments: JsonBody[];
}

async function snapshot(client: V1Client, payments: JsonBody[], invoices: JsonBody[]): Promise<Snapshot> {
  const read: JsonBody[] = [];
  for (const payment of payments) {
    const answer = await client.get(`/v1/payment/${payment.payment_id}`);
    expect(answer.status).toBe(200);
    read.push(answer.body);
  }
  const listed = await client.get('/v1/payment/?limit=500&sortBy=payment_id&orderBy=asc');
  expect(listed.status).toBe(200);
  const invoicePayments: JsonBody[] = [];
  for (const invoice of invoices) {
    const answer = await client.get(`/v1/invoice-payment?invoiceId=${invoice.id}`);
    expect(answer.status).toBe(200);
    invoicePayments.push(answer.body);
  }
  return {
    payments: read,
    listed: listed.body.data.map((p: JsonBody) => p.payment_id),
    invoicePayments,
  };
}
