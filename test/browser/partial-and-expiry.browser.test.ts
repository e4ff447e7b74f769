import type { Page } from 'playwright-core';
import { subtract } from '@gw/domain';
import { ManualClock } from '@gw/platform';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { PHONE, openCheckoutBrowser, shopUrl, type CheckoutBrowser } from './support/browser';
import { CheckoutFixtures } from './support/checkout-fixtures';

jest.setTimeout(90_000);

const UUID_PATH = /\/pay\/([0-9a-f-]{36})$/;

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
  expect(browser.pageProblems).toEqual([]);
});

const visible = (page: Page, selector: string, timeout = 10_000) =>
  page.waitForSelector(selector, { state: 'visible', timeout });

async function openInvoiceAndPick(invoiceId: string, code: string): Promise<{ page: Page; uuid: string }> {
  const page = await browser.newPage(PHONE);
  await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
  await page.locator(`#coin-${code}`).check();
  await Promise.all([
    page.waitForURL(UUID_PATH),
    page.getByRole('button', { name: 'Continue to payment' }).click(),
  ]);
  return { page, uuid: UUID_PATH.exec(new URL(page.url()).pathname)?.[1] ?? '' };
}

describe('a partial payment', () => {
  it('shows what arrived and what is missing, re-targets the QR code, offers the partially paid URL, and completes on top-up', async () => {
    const invoiceId = await fixtures.createInvoice({
      success_url: shopUrl('thanks'),
      partially_paid_url: shopUrl('partial'),
      cancel_url: shopUrl('cart'),
    });
    const { page, uuid } = await openInvoiceAndPick(invoiceId, 'ltc');
    const payment = await fixtures.payment(uuid);
    const firstQr = await page.locator('img[data-qr]').getAttribute('src');

    const half = subtract(payment.payAmount, '0.1');
    const missing = subtract(payment.payAmount, half);
    await fixtures.pay(payment, { amount: half, confirmations: 6 });

    await visible(page, '[data-stage-panel="partially_paid"]');
    const panel = await page.locator('[data-stage-panel="partially_paid"]').innerText();
    expect(panel).toContain(`We received ${half} LTC`);
    expect(panel).toContain(`Send the missing ${missing} LTC`);
    expect(await page.locator('.amounts').innerText()).toContain(missing);
    expect(await page.locator('.pay [data-field="amount_due"]').innerText()).toBe(missing);
    await page.waitForFunction(
      (first) =>
        (
          globalThis as unknown as {
            document: { querySelector(s: string): { getAttribute(a: string): string } };
          }
        ).document
          .querySelector('img[data-qr]')
          .getAttribute('src') !== first,
      firstQr,
    );
    expect(await page.locator('img[data-qr]').getAttribute('src')).toContain(`amount=${missing}`);
    expect(await page.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href')).toBe(
      `litecoin:${payment.payAddress}?amount=${missing}`,
    );
    const back = page.getByRole('link', { name: 'Back to the shop' });
    expect(await back.getAttribute('href')).toBe(shopUrl('partial'));
    expect(await page.locator('[data-redirect-notice]').isHidden()).toBe(true);
    expect(await page.locator('[data-countdown-box]').isHidden()).toBe(true);

    await fixtures.pay(payment, { amount: missing, confirmations: 6 });
    await visible(page, '[data-stage-panel="paid"]');
    await page.waitForURL(shopUrl('thanks'), { timeout: 15_000 });
    await page.close();
  });
});

describe('an expired payment', () => {
  it('turns to expired on the open page, stops offering the address, and lets the buyer pick again', async () => {
    const invoiceId = await fixtures.createInvoice({ cancel_url: shopUrl('cart') });
    const { page, uuid } = await openInvoiceAndPick(invoiceId, 'eth');
    const payment = await fixtures.payment(uuid);

    clock.set(Date.parse(payment.expiresAt) + 1_000);
    await fixtures.expire(payment);

    await visible(page, '[data-stage-panel="expired"]');
    expect(await page.locator('[data-stage-panel="expired"]').innerText()).toContain(
      'Do not send anything to this address',
    );
    expect(await page.locator('.pay').isHidden()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      shopUrl('cart'),
    );
    expect(await page.locator('[data-redirect-notice]').isHidden()).toBe(true);

    await Promise.all([
      page.waitForURL(`${gateway.baseUrl}/invoice/${invoiceId}`),
      page.getByRole('link', { name: 'Choose a currency again' }).click(),
    ]);
    expect(await page.locator('.notice').count()).toBe(0);
    await page.locator('#coin-btc').check();
    await Promise.all([
      page.waitForURL(UUID_PATH),
      page.getByRole('button', { name: 'Continue to payment' }).click(),
    ]);
    const second = UUID_PATH.exec(new URL(page.url()).pathname)?.[1];
    expect(second).toBeDefined();
    expect(second).not.toBe(uuid);
    expect(await page.locator('[data-stage-panel="waiting"]').isVisible()).toBe(true);
    await page.close();
  });

  it('counts down on the server clock and says so when the time is up before the payment is closed', async () => {
    const invoiceId = await fixtures.createInvoice();
    const { page, uuid } = await openInvoiceAndPick(invoiceId, 'btc');
    const payment = await fixtures.payment(uuid);
    clock.set(Date.parse(payment.expiresAt) - 90_000);
    await page.reload();
    expect(await page.locator('[data-countdown]').innerText()).toMatch(/^01:(29|30)$/);

    // One second short of expiry: the page's next poll runs its countdown out, while the scheduler, due
    // only at the expiry itself, has not closed the payment (which would hide the waiting panel).
    clock.set(Date.parse(payment.expiresAt) - 1_000);
    await visible(page, '[data-time-up]');
    expect(await page.locator('[data-time-up]').innerText()).toBe('Time is up. Do not send a payment now.');
    await page.close();
  });

  it('brings a buyer back to the invoice page to the payment already under way', async () => {
    const invoiceId = await fixtures.createInvoice();
    const { page, uuid } = await openInvoiceAndPick(invoiceId, 'btc');
    await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
    expect(await page.locator('.notice').innerText()).toContain('You already started paying with BTC.');
    const payment = await fixtures.payment(uuid);
    await fixtures.pay(payment, { confirmations: 0 });
    await fixtures.paymentIn(uuid, 'confirming');
    await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
    expect(new URL(page.url()).pathname).toBe(`/pay/${uuid}`);
    expect(await page.locator('[data-stage-panel="confirming"]').isVisible()).toBe(true);
    await page.close();
  });
});
