import { routesOf } from '@gw/platform';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { admin } from '../v1/v1-client';
import { MerchantCalls, type Answer } from './merchant-calls';

interface Owned {
  paymentId: number;
  invoiceId: string;
  alphaUuid: string;
  alphaOrderId: string;
  betaTrackId: string;
  planId: number;
  subscriptionId: number;
  payAddress: string;
}

/**
 * Every route that finds a merchant's record by an id it is given, called with merchant B's ids through
 * merchant A's credentials. A new route with an id in its path fails the coverage check until it is here.
 */
const LOOKUPS: Record<string, (a: MerchantCalls, b: Owned) => Promise<Answer>> = {
  'GET /v1/payment/:paymentId': (a, b) => a.v1('GET', `/v1/payment/${b.paymentId}`),
  'POST /v1/payment/:paymentId/update-merchant-estimate': (a, b) =>
    a.v1('POST', `/v1/payment/${b.paymentId}/update-merchant-estimate`, {}),
  'GET /v1/invoice-payment': (a, b) => a.v1('GET', `/v1/invoice-payment?invoiceId=${b.invoiceId}`),
  'POST /v1/invoice-payment': (a, b) =>
    a.v1('POST', '/v1/invoice-payment', { iid: b.invoiceId, pay_currency: 'btc' }),
  'POST /alpha/v1/payment/info (uuid)': (a, b) => a.alpha('/alpha/v1/payment/info', { uuid: b.alphaUuid }),
  'POST /alpha/v1/payment/info (order_id)': (a, b) =>
    a.alpha('/alpha/v1/payment/info', { order_id: b.alphaOrderId }),
  'POST /alpha/v1/payment/resend': (a, b) => a.alpha('/alpha/v1/payment/resend', { uuid: b.alphaUuid }),
  'POST /alpha/v1/payment/qr': (a, b) =>
    a.alpha('/alpha/v1/payment/qr', { merchant_payment_uuid: b.alphaUuid }),
  'GET /beta/v1/payment/:trackId': (a, b) => a.beta('GET', `/beta/v1/payment/${b.betaTrackId}`),
  'GET /v1/subscriptions/:subscriptionId': (a, b) => a.v1('GET', `/v1/subscriptions/${b.subscriptionId}`),
  'GET /v1/subscriptions/plans/:planId': (a, b) => a.v1('GET', `/v1/subscriptions/plans/${b.planId}`),
  'GET /sandbox/v1/payments/:paymentId': (a, b) => a.v1('GET', `/sandbox/v1/payments/${b.paymentId}`),
  'POST /sandbox/v1/payments/:paymentId/pay': (a, b) =>
    a.v1('POST', `/sandbox/v1/payments/${b.paymentId}/pay`, {}),
  'POST /sandbox/v1/deposits (pay_address)': (a, b) =>
    a.v1('POST', '/sandbox/v1/deposits', { pay_address: b.payAddress, amount: '0.00001' }),
};

/** Lists filtered by another merchant's ids answer empty rather than 404. */
const LISTS: Record<string, (a: MerchantCalls, b: Owned) => Promise<unknown[]>> = {
  'GET /v1/payment': async (a) => (await a.v1('GET', '/v1/payment?limit=500')).body.data,
  'POST /alpha/v1/payment/list': async (a) => (await a.alpha('/alpha/v1/payment/list', {})).body.result.items,
  'GET /beta/v1/payment': async (a, b) =>
    (await a.beta('GET', `/beta/v1/payment?track_id=${b.betaTrackId}`)).body.data.list,
};

/**
 * Path parameters that are not a merchant's record: the hosted pages are public by id, the operator API
 * spans merchants, a currency code is shared catalogue data, a sandbox transaction hash is looked
 * up through its payment's owner (the pay routes above), and a payout track id names nothing: upstream's
 * custodial calls are refused for every merchant before any id is read.
 */
const NOT_TENANT_SCOPED =
  /^[A-Z]+ \/(invoice|pay|static|admin)\/|\/exchange-rate\/:currency\/|\/sandbox\/v1\/deposits\/:txHash\/|^GET \/beta\/v1\/payout\/:track_id$/;

/**
 * The dashboard's routes with an id, which a browser session (not an API key) reaches. The browser
 * tests walk them with merchant A's session and merchant B's ids; the other two name the signed-in
 * merchant's own wallet network and credential kind, never another merchant's record.
 */
const COVERED_IN_THE_BROWSER: Record<string, string> = {
  'GET /dashboard/payments/:paymentId': 'test/browser/dashboard.browser.test.ts',
  'POST /dashboard/payments/:paymentId/refund': 'test/browser/dashboard-settings.browser.test.ts',
  'POST /dashboard/payments/:paymentId/refund-request': 'test/browser/dashboard-settings.browser.test.ts',
  'GET /dashboard/payments/:paymentId/refund-qr.svg': 'test/browser/dashboard-settings.browser.test.ts',
  'GET /dashboard/webhooks/:deliveryId': 'test/browser/dashboard-webhooks.browser.test.ts',
  'POST /dashboard/webhooks/:deliveryId/redeliver': 'test/browser/dashboard-webhooks.browser.test.ts',
  'POST /dashboard/wallets/:network': 'test/browser/dashboard-settings.browser.test.ts',
  'POST /dashboard/wallets/:network/remove': 'the signed-in merchant only (its own wallet network)',
  'POST /dashboard/subscriptions/:subscriptionId/status':
    'test/browser/dashboard-subscriptions.browser.test.ts',
  'POST /dashboard/settings/keys/:credential/rotate': 'the signed-in merchant only (no id of a record)',
  'POST /dashboard/outbox/:commitId/retry': 'the operator only (merchants get 403): no merchant record',
};

describe("merchant A never reaches merchant B's records", () => {
  let gateway: TestGateway;
  let a: MerchantCalls;
  let owned: Owned;

  beforeAll(async () => {
    gateway = await startTestGateway();
    a = new MerchantCalls(gateway.baseUrl, await gateway.createMerchant('Merchant A'));
    const b = new MerchantCalls(gateway.baseUrl, await gateway.createMerchant('Merchant B'));
    // Merchants, like everything else, are read from the read model: wait until both keys are known.
    for (const merchant of [a, b]) {
      for (let attempt = 0; (await merchant.v1('GET', '/v1/payment/?limit=1')).status !== 200; attempt++) {
        if (attempt > 200) throw new Error('a merchant key never became usable');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    const payment = await b.v1('POST', '/v1/payment', {
      price_amount: 10,
      price_currency: 'usd',
      pay_currency: 'btc',
    });
    const invoice = await b.v1('POST', '/v1/invoice', { price_amount: 10, price_currency: 'usd' });
    const alphaOrderId = 'order-of-b';
    const alpha = await b.alpha('/alpha/v1/payment', {
      amount: '10',
      currency: 'USD',
      order_id: alphaOrderId,
      network: 'tron',
      to_currency: 'USDT',
    });
    const beta = await b.beta('POST', '/beta/v1/payment/invoice', { amount: 10, currency: 'USD' });
    const plan = await admin(gateway, 'POST', `/merchants/${b.keys.merchantId}/subscription-plans`, {
      title: 'Plan of B',
      interval_day: 30,
      amount: 10,
      currency: 'usd',
    });
    const subscription = await admin(gateway, 'POST', `/merchants/${b.keys.merchantId}/subscriptions`, {
      subscription_plan_id: plan.body.id,
      email: 'buyer-of-b@example.com',
    });
    expect([
      payment.status,
      invoice.status,
      alpha.status,
      beta.status,
      plan.status,
      subscription.status,
    ]).toEqual([201, 201, 200, 200, 201, 201]);
    owned = {
      paymentId: payment.body.payment_id,
      invoiceId: invoice.body.id,
      alphaUuid: alpha.body.result.uuid,
      alphaOrderId,
      betaTrackId: beta.body.data.track_id,
      planId: plan.body.id,
      subscriptionId: subscription.body.id,
      payAddress: payment.body.pay_address,
    };
    expect((await b.v1('GET', `/v1/payment/${owned.paymentId}`)).status).toBe(200);
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  it.each(Object.keys(LOOKUPS))('%s answers 404', async (lookup) => {
    const answer = await LOOKUPS[lookup]!(a, owned);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain(owned.alphaUuid);
  });

  it.each(Object.keys(LISTS))('%s lists none of them', async (list) => {
    expect(await LISTS[list]!(a, owned)).toEqual([]);
  });

  it('covers every route that takes an id in its path', () => {
    const covered = new Set(
      [...Object.keys(LOOKUPS), ...Object.keys(LISTS), ...Object.keys(COVERED_IN_THE_BROWSER)].map(
        (key) => key.split(' (')[0],
      ),
    );
    const withIds = gateway.gateway.services
      .flatMap((service) => (service.router ? routesOf(service.router) : []))
      .map(({ method, path }) => `${method} ${path}`)
      .filter((route) => route.includes(':') && !NOT_TENANT_SCOPED.test(route));
    expect(withIds.filter((route) => !covered.has(route))).toEqual([]);
  });
});
