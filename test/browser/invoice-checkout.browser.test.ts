import type { Page } from 'playwright-core';
import { createMerchant } from '@gw/application';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
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

const UUID_PATH = /\/pay\/([0-9a-f-]{36})$/;

let gateway: TestGateway;
let fixtures: CheckoutFixtures;
let browser: CheckoutBrowser;

beforeAll(async () => {
  gateway = await startTestGateway();
  fixtures = new CheckoutFixtures(gateway);
  browser = await openCheckoutBrowser(gateway.baseUrl);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

afterEach(() => {
  expect(browser.foreignRequests).toEqual([]);
  expect(browser.pageProblems).toEqual([]);
});

const visible = (page: Page, selector: string, timeout = 10_000) =>
  page.waitForSelector(selector, { state: 'visible', timeout });

/** A marker on the window survives only as long as the document does: it proves the page never reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(globalThis, { checkoutDocumentMark: 'same' }));
const sameDocument = (page: Page) =>
  page.evaluate(
    () => (globalThis as unknown as { checkoutDocumentMark?: string }).checkoutDocumentMark === 'same',
  );

async function pickCurrency(page: Page, code: string): Promise<string> {
  await page.locator(`#coin-${code}`).check();
  await Promise.all([
    page.waitForURL(UUID_PATH),
    page.getByRole('button', { name: 'Continue to payment' }).click(),
  ]);
  return UUID_PATH.exec(new URL(page.url()).pathname)?.[1] ?? '';
}

describe('an invoice in Chromium, from picking a currency to paid', () => {
  it('shows the order, lets the buyer search and pick, then shows address, amount, QR, warning and countdown', async () => {
    const invoiceId = await fixtures.createInvoice({
      success_url: shopUrl('thanks'),
      cancel_url: shopUrl('cart'),
    });
    const page = await browser.newPage(PHONE);
    const response = await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);

    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain('unsafe-inline');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    console.log(describeWeight('invoice page (phone, first load)', await measurePage(page)));

    const order = await page.locator('.order').innerText();
    expect(order).toContain('ORDER-1042');
    expect(order).toContain('Ceramic mug, blue');
    expect(order).toContain('49.90 USD');

    const search = page.getByLabel('Search currencies');
    await search.fill('tether tron');
    const shown = await page.locator('#coin-list li:visible').allInnerTexts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('Tether USD (TRC-20)');
    expect(shown[0]).toContain('on Tron (TRC-20)');
    await search.fill('eth ethereum');
    const ether = await page.locator('#coin-list li:visible').allInnerTexts();
    // Native ether is paid on Ethereum; ERC-20 names the token standard, which ether is not.
    expect(ether.find((text) => text.startsWith('Ethereum\n'))).toContain('ETH · on Ethereum\n');
    await search.fill('no such coin');
    await visible(page, '[data-no-matches]');
    await search.fill('');
    expect(await page.locator('#coin-list img').first().getAttribute('src')).toMatch(
      /^\/static\/coins\/\w+\.svg$/,
    );

    const uuid = await pickCurrency(page, 'btc');
    const payment = await fixtures.payment(uuid);
    expect(payment.invoiceId).toBe(invoiceId);
    expect(payment.payCurrency).toBe('btc');
    console.log(describeWeight('payment page, waiting (phone)', await measurePage(page)));

    expect(await page.locator('[data-field="amount_due"]').first().innerText()).toBe(payment.payAmount);
    expect(await page.locator('[data-pay-address]').innerText()).toBe(payment.payAddress);
    expect(await page.locator('[data-network-warning]').innerText()).toContain(
      'Send only BTC on the Bitcoin network',
    );
    expect(await page.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href')).toBe(
      `bitcoin:${payment.payAddress}?amount=${payment.payAmount}`,
    );
    const qr = page.locator('img[data-qr]');
    await qr.evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
    expect(
      await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    expect(await qr.getAttribute('alt')).toContain('QR code');

    const before = await page.locator('[data-countdown]').innerText();
    expect(before).toMatch(/^2[34]:[0-5]\d:[0-5]\d$/);
    await page.waitForFunction(
      (first) =>
        (
          globalThis as unknown as { document: { querySelector(s: string): { textContent: string } } }
        ).document.querySelector('[data-countdown]').textContent !== first,
      before,
    );

    await page.getByRole('button', { name: 'Copy the amount' }).click();
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(payment.payAmount);
    expect(await page.getByRole('button', { name: 'Copy the amount' }).innerText()).toBe('Copied');

    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      shopUrl('cart'),
    );

    const invoicePayment = await fixtures.invoicePayment(invoiceId);
    expect(invoicePayment.status).toBe(200);
    expect(String(invoicePayment.body.payment_id)).toBe(String(payment.paymentId));
    await page.close();
  });

  it('turns to confirming, counts confirmations and turns to paid without a reload, then returns to the success URL', async () => {
    const invoiceId = await fixtures.createInvoice({
      success_url: shopUrl('thanks'),
      cancel_url: shopUrl('cart'),
    });
    const page = await browser.newPage(PHONE);
    await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
    const uuid = await pickCurrency(page, 'btc');
    const payment = await fixtures.payment(uuid);
    await markDocument(page);

    const txHash = await fixtures.pay(payment, { confirmations: 0 });
    await visible(page, '[data-stage-panel="confirming"]');
    expect(await page.locator('.pay').isHidden()).toBe(true);
    expect(await page.locator('[data-stage-panel="confirming"]').innerText()).toContain('0 / 2');

    await fixtures.confirm(txHash, 1);
    await page.waitForFunction(() =>
      (globalThis as unknown as { document: { querySelector(s: string): { innerText: string } } }).document
        .querySelector('[data-stage-panel="confirming"]')
        .innerText.includes('1 / 2'),
    );
    expect(await page.locator('[data-status-box]').getAttribute('aria-live')).toBe('polite');

    await fixtures.confirm(txHash, 2);
    await visible(page, '[data-stage-panel="paid"]');
    expect(await page.locator('[data-stage-panel="paid"]').innerText()).toContain('Payment complete');
    await visible(page, '[data-redirect-notice]');
    expect(await sameDocument(page)).toBe(true);

    await page.waitForURL(shopUrl('thanks'), { timeout: 15_000 });
    await page.close();
  });

  it('is usable with the keyboard alone', async () => {
    const invoiceId = await fixtures.createInvoice();
    const page = await browser.newPage(DESKTOP);
    await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement
            .id,
      ),
    ).toBe('coin-search');
    await page.keyboard.type('litecoin');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.locator('#coin-ltc').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await Promise.all([page.waitForURL(UUID_PATH), page.keyboard.press('Enter')]);
    expect(await page.locator('[data-network-warning]').innerText()).toContain(
      'Send only LTC on the Litecoin network',
    );
    await page.close();
  });

  it('pre-selects the invoice pay_currency and lists only the coins the merchant enabled', async () => {
    const bakery = await createMerchant(gateway.gateway.ctx, {
      name: 'Corner Bakery',
      enabledCoins: ['btc', 'eth', 'usdttrc20', 'ltc'],
    });
    const invoiceId = await fixtures
      .as(bakery)
      .createInvoice({ pay_currency: 'usdttrc20', order_description: 'Sourdough loaf' });
    const page = await browser.newPage(PHONE);
    await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
    const values = await page
      .locator('input[name="pay_currency"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value));
    expect(values.sort()).toEqual(['btc', 'eth', 'ltc', 'usdttrc20']);
    expect(await page.locator('#coin-usdttrc20').isChecked()).toBe(true);
    expect(await page.locator('h1').innerText()).toBe('Pay Corner Bakery');

    const refused = await page.request.post(`${gateway.baseUrl}/invoice/${invoiceId}`, {
      form: {
        csrf: await page.inputValue('input[name="csrf"]'),
        attempt: await page.inputValue('input[name="attempt"]'),
        pay_currency: 'sol',
      },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(422);
    expect(await refused.text()).toContain('That currency is not available for this order');
    await page.close();
  });
});

describe('the pick form', () => {
  it('works without JavaScript: a plain form post, then the server-rendered payment page', async () => {
    const plain = await openCheckoutBrowser(gateway.baseUrl, { javaScriptEnabled: false });
    try {
      const invoiceId = await fixtures.createInvoice();
      const page = await plain.newPage(PHONE);
      await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
      expect(await page.locator('[data-coin-search]').isHidden()).toBe(true);
      const uuid = await pickCurrency(page, 'eth');
      const payment = await fixtures.payment(uuid);
      expect(await page.locator('[data-pay-address]').innerText()).toBe(payment.payAddress);
      expect(await page.locator('[data-countdown]').innerText()).toMatch(/^\d+:\d\d:\d\d$/);
      expect(await page.locator('noscript').first().innerHTML()).toContain('http-equiv="refresh"');
      expect(plain.foreignRequests).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it('opens one payment when the same form is submitted twice at once', async () => {
    const invoiceId = await fixtures.createInvoice();
    const page = await browser.newPage(PHONE);
    await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
    const form = {
      csrf: await page.inputValue('input[name="csrf"]'),
      attempt: await page.inputValue('input[name="attempt"]'),
      pay_currency: 'btc',
    };
    const url = `${gateway.baseUrl}/invoice/${invoiceId}`;
    const [first, second] = await Promise.all([
      page.request.post(url, { form, maxRedirects: 0 }),
      page.request.post(url, { form, maxRedirects: 0 }),
    ]);
    expect(first.status()).toBe(303);
    expect(second.status()).toBe(303);
    expect(second.headers().location).toBe(first.headers().location);
    const again = await page.request.post(url, { form, maxRedirects: 0 });
    expect(again.headers().location).toBe(first.headers().location);

    const payments = gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    expect(await payments.count({ invoiceId })).toBe(1);
    await page.close();
  });

  it('refuses a post without the page token and creates nothing', async () => {
    const invoiceId = await fixtures.createInvoice();
    const page = await browser.newPage(PHONE);
    await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
    const forged = await fetch(`${gateway.baseUrl}/invoice/${invoiceId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({
        csrf: await page.inputValue('input[name="csrf"]'),
        attempt: 'A'.repeat(22),
        pay_currency: 'btc',
      }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('Please choose your currency again');
    const payments = gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    expect(await payments.count({ invoiceId })).toBe(0);
    await page.close();
  });
});
