import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { newMerchant, readyMerchant } from '../alpha/alpha-fixtures';
import { SandboxTester } from '../alpha/sandbox-tester';
import { BetaClient } from './beta-client';

/** GET /beta/v1/payment/{track_id}, as oxapay-python's Payment.information calls it. */
describe('family B payment information', () => {
  let gateway: TestGateway;
  let client: BetaClient;
  let tester: SandboxTester;

  const stored = async (trackId: string): Promise<PaymentDocument> => {
    const payments = gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    for (let attempt = 0; attempt < 250; attempt++) {
      const payment = await payments.get(trackId);
      if (payment) return payment;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`payment ${trackId} never reached the read model`);
  };

  /** The information once `accept` holds: reads follow the write a moment later. */
  const informationWhen = async (trackId: string, accept: (data: Record<string, unknown>) => boolean) => {
    for (let attempt = 0; attempt < 250; attempt++) {
      const answer = await client.send('GET', `/payment/${trackId}`);
      if (answer.status === 200 && accept(answer.body.data)) return answer.body.data;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`payment ${trackId} never showed as expected`);
  };

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new BetaClient(gateway.baseUrl, gateway.demoMerchant);
    tester = new SandboxTester(gateway, 'beta');
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('answers an invoice with its terms and one txs entry per transaction, as exactly application/json', async () => {
    const invoice = await client.createInvoice({
      amount: 25,
      currency: 'USD',
      order_id: 'ORD-25',
      email: 'buyer@example.com',
      description: 'Two mugs',
      lifetime: 90,
      under_paid_coverage: 2,
      callback_url: 'https://shop.example/oxapay',
    });
    const payment = await stored(invoice.track_id);
    const deposit = await tester.deposit(payment.payAddress, payment.payAmount);

    const data = await informationWhen(invoice.track_id, (read) => (read.txs as unknown[]).length === 1);
    expect(data).toMatchObject({
      track_id: invoice.track_id,
      type: 'invoice',
      amount: 25,
      currency: 'USD',
      status: 'Paying',
      mixed_payment: false,
      callback_url: 'https://shop.example/oxapay',
      description: 'Two mugs',
      email: 'buyer@example.com',
      fee_paid_by_payer: 0,
      lifetime: 90,
      order_id: 'ORD-25',
      under_paid_coverage: 2,
      expired_at: invoice.expired_at,
      date: invoice.date,
      txs: [
        {
          tx_hash: deposit.tx_hash,
          amount: Number(payment.payAmount),
          currency: 'USDT',
          network: 'Tron (TRC-20)',
          address: payment.payAddress,
          status: 'confirming',
          confirmations: 0,
          auto_convert: { processed: false, amount: 0, currency: '' },
          auto_withdrawal: { processed: false },
        },
      ],
    });

    await tester.confirm(deposit.tx_hash, payment.requiredConfirmations);
    const confirmed = await informationWhen(invoice.track_id, (read) => read.status === 'Paid');
    expect(confirmed.txs).toMatchObject([
      { status: 'confirmed', confirmations: payment.requiredConfirmations },
    ]);

    const response = await fetch(`${gateway.baseUrl}/beta/v1/payment/${invoice.track_id}`, {
      headers: { merchant_api_key: gateway.demoMerchant.betaApiKey },
    });
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it("answers another merchant's payment and an unknown one as not found, and a word as no endpoint", async () => {
    const { track_id: trackId } = await client.createInvoice({ amount: 10, currency: 'USD' });
    await stored(trackId);
    const other = new BetaClient(gateway.baseUrl, await newMerchant(gateway, 'Other shop'));
    for (const answer of [
      await other.send('GET', `/payment/${trackId}`),
      await client.send('GET', '/payment/1'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ status: 404, error: { type: 'not_found', key: 'track_id' } });
    }
    const word = await client.send('GET', '/payment/abc');
    expect(word.status).toBe(404);
    expect(word.body).toMatchObject({ status: 404, error: { type: 'not_found', key: 'endpoint' } });
  });
});
