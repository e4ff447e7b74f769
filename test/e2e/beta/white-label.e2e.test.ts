import { eventOf, validatorFor } from '@gw/contracts';
import { betaCreatedWhiteLabelSchema, betaErrorSchema, betaSuccess } from '@gw/contracts/api/beta';
import type { PaymentTerms } from '@gw/domain';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { newMerchant, readyMerchant } from '../alpha/alpha-fixtures';
import { BetaClient } from './beta-client';

const matchesWhiteLabel = validatorFor(betaSuccess('white-label', betaCreatedWhiteLabelSchema));
const matchesError = validatorFor(betaErrorSchema);

describe('POST /beta/v1/payment/white-label', () => {
  let gateway: TestGateway;
  let client: BetaClient;

  const termsOf = async (trackId: string): Promise<PaymentTerms> => {
    const [stored] = await gateway.gateway.ctx.eventStore.readStream(`payment-${trackId}`);
    const created = stored ? eventOf(stored) : null;
    if (created?.type !== 'PaymentCreated') throw new Error(`no payment ${trackId}`);
    return created.data;
  };

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new BetaClient(gateway.baseUrl, gateway.demoMerchant);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it("answers the payment's address, amounts and expiry in upstream's shape, and records a white_label payment", async () => {
    const answer = await client.send('POST', '/payment/white-label', {
      body: {
        pay_currency: 'USDT',
        network: 'TRC20',
        amount: 25,
        currency: 'USD',
        lifetime: 30,
        order_id: 'top-up-1',
        email: 'buyer@shop.example',
        description: 'VPN, one month',
        callback_url: 'https://shop.example/cb',
      },
    });
    expect(answer.status).toBe(200);
    expect(matchesWhiteLabel(answer.body)).toBe(true);
    const data = answer.body.data;
    const terms = await termsOf(data.track_id);
    expect(terms).toMatchObject({
      family: 'beta',
      kind: 'white_label',
      priceAmount: '25',
      priceCurrency: 'usd',
      payCurrency: 'usdttrc20',
      orderId: 'top-up-1',
    });
    expect(data).toMatchObject({
      amount: 25,
      currency: 'USD',
      pay_amount: Number(terms.payAmount),
      pay_currency: 'USDT',
      address: terms.payAddress,
      order_id: 'top-up-1',
      email: 'buyer@shop.example',
      description: 'VPN, one month',
      callback_url: 'https://shop.example/cb',
      lifetime: 30,
      qr_code: `${gateway.gateway.config.baseUrl}/pay/${terms.uuid}/qr.svg`,
    });
    expect(data.expired_at - data.date).toBe(30 * 60);

    const qr = await fetch(data.qr_code);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('is listed and read as white_label, apart from invoices', async () => {
    const whiteLabel = (
      await client.send('POST', '/payment/white-label', { body: { pay_currency: 'BTC', amount: 40 } })
    ).body.data;
    const invoice = await client.createInvoice({ amount: 40, currency: 'USD' });
    await client.itemWhen(invoice.track_id, () => true);
    expect(await client.itemWhen(whiteLabel.track_id, () => true)).toMatchObject({ type: 'white_label' });

    const whiteLabels = (await client.history({ type: 'white_label', size: 200 })).body.data.list;
    const invoices = (await client.history({ type: 'invoice', size: 200 })).body.data.list;
    const ids = (list: { track_id: string }[]) => list.map((item) => item.track_id);
    expect(ids(whiteLabels)).toContain(whiteLabel.track_id);
    expect(ids(whiteLabels)).not.toContain(invoice.track_id);
    expect(ids(invoices)).toContain(invoice.track_id);
    expect(ids(invoices)).not.toContain(whiteLabel.track_id);

    const information = await client.send('GET', `/payment/${whiteLabel.track_id}`);
    expect(information.body.data).toMatchObject({ type: 'white_label', track_id: whiteLabel.track_id });
  });

  it('refuses what an invoice refuses, naming the pay_currency for its coin', async () => {
    const btcOnly = new BetaClient(gateway.baseUrl, await newMerchant(gateway, 'btc only', ['btc']));
    const refused = await btcOnly.send('POST', '/payment/white-label', {
      body: { pay_currency: 'LTC', amount: 25 },
    });
    expect(refused.status).toBe(400);
    expect(matchesError(refused.body)).toBe(true);
    expect(refused.body.error).toMatchObject({
      type: 'validation_error',
      key: 'pay_currency',
      message: 'The currency LTC is not enabled for this merchant.',
    });
    const missing = await client.send('POST', '/payment/white-label', { body: { amount: 25 } });
    expect(missing.body.error).toMatchObject({
      key: 'pay_currency',
      message: 'The pay currency field is required.',
    });
    const unauthenticated = await client.send('POST', '/payment/white-label', {
      body: { pay_currency: 'BTC', amount: 25 },
      apiKey: null,
    });
    expect(unauthenticated.status).toBe(401);
  });

  it('replays the first answer for a retry with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'white-label-retry-1' };
    const body = { pay_currency: 'BTC', amount: 30 };
    const first = await client.send('POST', '/payment/white-label', { body, headers });
    const again = await client.send('POST', '/payment/white-label', { body, headers });
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
  });
});
