import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { ManualClock } from '@gw/platform';
import { openPayment } from '@gw/application';
import { startTestGateway, type TestGateway } from '../support/gateway';
import {
  DESKTOP,
  PHONE,
  describeWeight,
  measurePage,
  openCheckoutBrowser,
  shopUrl,
  type CheckoutBrowser,
} from './support/browser';
import { CheckoutFixtures } from './support/checkout-fixtures';

jest.setTimeout(90_000);

let clock: ManualClock;
let gateway: TestGateway;
let fixtures: CheckoutFixtures;
let browser: CheckoutBrowser;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  gateway = await startTestGateway({ clock });
  fixtures = new CheckoutFixtures(gateway);
  browser = await openCheckoutBrowser(gateway.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

afterEach(() => {
  expect(browser.foreignRequests).toEqual([]);
  expect(browser.pageProblems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
  browser.pageProblems.length = 0;
});

const visible = (page: Page, selector: string, timeout = 10_000) =>
  page.waitForSelector(selector, { state: 'visible', timeout });

/** The families answer with the configured public URL; the browser opens the same path on the test server. */
const pagePathOf = (hostedUrl: string): string => {
  const path = new URL(hostedUrl).pathname;
  expect(path).toMatch(/^\/pay\/[0-9a-f-]{36}$/);
  return path;
};
const uuidOf = (path: string): string => path.split('/').pop() ?? '';

describe('family A (url)', () => {
  it('shows the payment, then returns the buyer to url_success once paid', async () => {
    const path = pagePathOf(
      await fixtures.createAlphaPayment({
        to_currency: 'USDT',
        network: 'tron',
        url_success: shopUrl('alpha-thanks'),
        url_return: shopUrl('alpha-cart'),
      }),
    );
    const page = await browser.newPage(DESKTOP);
    const response = await page.goto(`${gateway.baseUrl}${path}`);
    expect(response?.status()).toBe(200);
    console.log(describeWeight('family A payment page (desktop)', await measurePage(page)));
    const payment = await fixtures.payment(uuidOf(path));

    // The coin and its network, named plainly above the amount, and the warning that nothing else counts.
    expect(await page.locator('[data-pay-in]').innerText()).toBe('Pay in USDT on Tron (TRC-20)');
    expect(await page.locator('[data-network-warning]').innerText()).toContain(
      'Send only USDT on the Tron (TRC-20) network',
    );
    expect(await page.locator('[data-pay-address]').innerText()).toBe(payment.payAddress);
    expect(await page.locator('.order').innerText()).toContain('25.00 USD');
    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      shopUrl('alpha-cart'),
    );
    // TRC-20 tokens have no wallet URI scheme: the QR code carries the bare address.
    expect(await page.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href')).toBe(
      payment.payAddress,
    );

    await fixtures.pay(payment, { confirmations: payment.requiredConfirmations });
    await visible(page, '[data-stage-panel="paid"]');
    await page.waitForURL(shopUrl('alpha-thanks'), { timeout: 15_000 });
    await page.close();
  });

  it('returns the buyer to url_return by itself when the payment expires', async () => {
    const path = pagePathOf(
      await fixtures.createAlphaPayment({
        to_currency: 'BTC',
        network: 'btc',
        lifetime: 300,
        url_return: shopUrl('alpha-cart'),
      }),
    );
    const page = await browser.newPage(PHONE);
    await page.goto(`${gateway.baseUrl}${path}`);
    const payment = await fixtures.payment(uuidOf(path));
    expect(await page.locator('[data-countdown]').innerText()).toMatch(/^0[45]:[0-5]\d$/);

    clock.set(Date.parse(payment.expiresAt) + 1_000);
    await fixtures.expire(payment);
    await visible(page, '[data-stage-panel="expired"]');
    await visible(page, '[data-redirect-notice]');
    expect(await page.locator('[data-pick-again]').isHidden()).toBe(true);
    await page.waitForURL(shopUrl('alpha-cart'), { timeout: 20_000 });
    await page.close();
  });
});

describe('family B (payment_url)', () => {
  it('shows the invoice payment and returns the buyer to return_url once paid', async () => {
    const path = pagePathOf(
      await fixtures.createBetaInvoice({
        return_url: shopUrl('beta-done'),
        description: 'Two concert tickets',
        order_id: 'B-77',
      }),
    );
    const page = await browser.newPage(PHONE);
    await page.goto(`${gateway.baseUrl}${path}`);
    const payment = await fixtures.payment(uuidOf(path));
    const order = await page.locator('.order').innerText();
    expect(order).toContain('Two concert tickets');
    expect(order).toContain('B-77');
    expect(await page.locator('[data-field="amount_due"]').first().innerText()).toBe(payment.payAmount);

    const txHash = await fixtures.pay(payment, { confirmations: 0 });
    await visible(page, '[data-stage-panel="confirming"]');
    await fixtures.confirm(txHash, payment.requiredConfirmations);
    await visible(page, '[data-stage-panel="paid"]');
    await page.waitForURL(shopUrl('beta-done'), { timeout: 15_000 });
    await page.close();
  });
});

describe('unknown and foreign ids', () => {
  it.each([
    ['an unknown payment', () => `/pay/${randomUUID()}`],
    ['a malformed payment id', () => '/pay/not-a-uuid'],
    ['an unknown invoice', () => `/invoice/${randomUUID()}`],
    ['an unknown page under the checkout', () => '/pay'],
    ['an unknown coin logo', () => '/static/coins/nope.svg'],
  ])('answers %s with the not-found page', async (_name, pathOf) => {
    const page = await browser.newPage(PHONE);
    const response = await page.goto(`${gateway.baseUrl}${pathOf()}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    const text = await page.locator('main').innerText();
    expect(text).toContain('Payment page not found');
    expect(text).not.toMatch(/Error|at .*\.ts|stack/i);
    await page.close();
  });

  it('does not show a payment that claims another merchant’s invoice', async () => {
    const other = await gateway.createMerchant('Other shop');
    const foreignInvoiceId = await fixtures.as(other).createInvoice();
    const { terms } = await openPayment(gateway.gateway.ctx, {
      merchantId: gateway.demoMerchant.merchantId,
      family: 'v1',
      priceAmount: '20',
      priceCurrency: 'usd',
      payCurrency: 'btc',
      payAmount: '0.00022',
      orderId: null,
      orderDescription: null,
      invoiceId: foreignInvoiceId,
      callbackUrl: null,
      lifetimeSeconds: 3600,
    });
    await fixtures.payment(terms.uuid);
    const page = await browser.newPage(PHONE);
    const response = await page.goto(`${gateway.baseUrl}/pay/${terms.uuid}`);
    expect(response?.status()).toBe(404);
    const status = await page.request.get(`${gateway.baseUrl}/pay/${terms.uuid}/status.json`);
    expect(status.status()).toBe(404);
    await page.close();
  });
});
