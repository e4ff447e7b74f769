import path from 'node:path';
import type { Page } from 'playwright-core';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { DESKTOP, openCheckoutBrowser, type CheckoutBrowser } from './support/browser';

jest.setTimeout(90_000);

let gateway: TestGateway;
let browser: CheckoutBrowser;
let page: Page;

beforeAll(async () => {
  gateway = await startTestGateway();
  // Opened at the public URL, which the documents name as their server: try-it calls go there.
  const publicUrl = gateway.gateway.ctx.config.baseUrl;
  browser = await openCheckoutBrowser(publicUrl);
  page = await browser.newPage(DESKTOP);
  await page.goto(`${publicUrl}/docs`);
  await page.waitForSelector('.opblock', { state: 'visible', timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

afterEach(() => {
  // Swagger UI loads from our own origin only, and nothing in it breaks the page's strict CSP.
  expect(browser.foreignRequests).toEqual([]);
  expect(browser.pageProblems).toEqual([]);
});

describe('the API reference in a browser', () => {
  it('lists the V1 operations, finds one by filter, and shows its security scheme', async () => {
    await page.fill('.operation-filter-input', 'Family V1');
    const operation = page.locator('.opblock[id$="-createPayment"]');
    await operation.waitFor({ state: 'visible' });
    expect(await operation.locator('.opblock-summary-path').innerText()).toBe('/v1/payment');
    await page.click('button.authorize');
    await page.waitForSelector('.auth-container', { state: 'visible' });
    expect(await page.locator('.auth-container').first().innerText()).toContain('x-api-key');
    await page.click('button.close-modal');
    if (process.env.DOCS_SCREENSHOT)
      await page.screenshot({ path: path.resolve(process.env.DOCS_SCREENSHOT) });
  });

  it('tries a public call against the gateway it is served by', async () => {
    const operation = page.locator('.opblock[id$="-getStatus"]');
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ state: 'visible' });
    expect((await status.innerText()).trim()).toBe('200');
    expect(await operation.locator('.live-responses-table .microlight').first().innerText()).toContain('OK');
  });

  it('opens the admin document from the list and shows its bearer scheme', async () => {
    await page.click('nav.documents a[data-api="admin"]');
    await page.waitForSelector('.opblock[id$="-adminCreateMerchant"]', {
      state: 'visible',
    });
    expect(new URL(page.url()).search).toBe('?api=admin');
    await page.click('button.authorize');
    expect(await page.locator('.auth-container').first().innerText()).toMatch(
      /adminToken\s+\(http, Bearer\)/,
    );
    await page.click('button.close-modal');
  });
});
