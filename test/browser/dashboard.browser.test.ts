import { ManualClock } from '@gw/platform';
import type { MerchantKeys } from '@gw/application';
import type { PaymentDocument } from '@gw/views';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { DESKTOP, PHONE, openCheckoutBrowser, type CheckoutBrowser } from './support/browser';
import { CheckoutFixtures } from './support/checkout-fixtures';
import { csrfTokenOf, signIn, unlabelledControls } from './support/dashboard-browser';

jest.setTimeout(120_000);

const SESSION_MINUTES = 30;
const SIGN_IN_LIMIT = 20;
const MINUTE_MS = 60_000;

let clock: ManualClock;
let gateway: TestGateway;
let merchantA: MerchantKeys;
let merchantB: MerchantKeys;
let paymentsA: PaymentDocument[];
let paymentsB: PaymentDocument[];
const browsers: CheckoutBrowser[] = [];

/** A fresh browser (its own cookie jar) whose problems and foreign requests are checked after each test. */
async function browser(): Promise<CheckoutBrowser> {
  const opened = await openCheckoutBrowser(gateway.baseUrl);
  browsers.push(opened);
  return opened;
}

beforeAll(async () => {
  clock = new ManualClock(new Date());
  gateway = await startTestGateway({
    clock,
    env: {
      DASHBOARD_SESSION_MINUTES: String(SESSION_MINUTES),
      DASHBOARD_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT),
    },
  });
  merchantA = gateway.demoMerchant;
  merchantB = await gateway.createMerchant('Merchant B');
  const asA = new CheckoutFixtures(gateway, merchantA);
  const asB = asA.as(merchantB);
  paymentsA = [];
  for (let i = 0; i < 3; i++) paymentsA.push(await asA.createPayment({ order_id: `A-ORDER-${i}` }));
  paymentsB = [await asB.createPayment({ order_id: 'B-ORDER-0', pay_currency: 'ltc' })];
  await asB.pay(paymentsB[0]!, { confirmations: 1 });
});

/** The refusals the tests provoke on purpose; Chromium logs each as a console error. */
const PROVOKED =
  /^console error: Failed to load resource: the server responded with a status of (400|401|403|404|429)/;

afterEach(async () => {
  const opened = browsers.splice(0);
  await Promise.all(opened.map((each) => each.close()));
  for (const each of opened) {
    expect(each.foreignRequests).toEqual([]);
    expect(each.pageProblems.filter((problem) => !PROVOKED.test(problem))).toEqual([]);
  }
  // Each test starts in a fresh sign-in window of the limiter.
  clock.advance(MINUTE_MS);
});

afterAll(async () => {
  await gateway?.stop();
});

describe('signing in and out', () => {
  it('refuses a wrong key, signs a merchant in with its API key, and signs it out', async () => {
    const opened = await browser();
    const page = await opened.newPage(PHONE);
    await page.goto(`${gateway.baseUrl}/dashboard/payments`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    expect(await unlabelledControls(page)).toEqual([]);

    await page.getByLabel('API key or admin token').fill('not-a-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('does not open any dashboard');

    const signedIn = await signIn(opened, gateway.baseUrl, merchantA.apiKey, PHONE);
    const cookies = await opened.context.cookies(`${gateway.baseUrl}/dashboard`);
    expect(cookies.find((cookie) => cookie.name === 'dashboard_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/dashboard',
    });
    expect(await signedIn.locator('h1').innerText()).toBe('At a glance');

    await Promise.all([
      signedIn.waitForURL(/\/dashboard\/sign-in$/),
      signedIn.getByRole('button', { name: 'Sign out' }).click(),
    ]);
    await signedIn.goto(`${gateway.baseUrl}/dashboard/payments`);
    expect(new URL(signedIn.url()).pathname).toBe('/dashboard/sign-in');
  });

  it('ends the session when its lifetime is over', async () => {
    const page = await signIn(await browser(), gateway.baseUrl, merchantA.apiKey);
    clock.advance(SESSION_MINUTES * MINUTE_MS - 1);
    await page.reload();
    expect(await page.locator('h1').innerText()).toBe('At a glance');
    clock.advance(1);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
  });

  it('refuses more sign-in attempts than the limit from one address within a minute', async () => {
    const opened = await browser();
    const page = await opened.newPage(DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/sign-in`);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt++) {
      await page.getByLabel('API key or admin token').fill(`guess-${attempt}`);
      const [response] = await Promise.all([
        page.waitForResponse(
          (r) => r.url().endsWith('/dashboard/sign-in') && r.request().method() === 'POST',
        ),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      statuses.push(response.status());
    }
    expect(statuses.slice(0, SIGN_IN_LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses[SIGN_IN_LIMIT]).toBe(429);
    expect(await page.getByRole('alert').innerText()).toContain('Too many sign-in attempts');
  });

  it('lets the operator in with the admin token and switch between merchants', async () => {
    const page = await signIn(await browser(), gateway.baseUrl, gateway.adminToken);
    expect(await page.locator('h1').innerText()).toBe('Choose a merchant');
    await page.getByLabel('Merchant').selectOption(merchantB.merchantId);
    await Promise.all([page.waitForURL(/\/dashboard/), page.getByRole('button', { name: 'Switch' }).click()]);
    await page.goto(`${gateway.baseUrl}/dashboard/payments`);
    expect(await page.locator('table').innerText()).toContain('B-ORDER-0');
    await page.getByLabel('Merchant').selectOption(merchantA.merchantId);
    await Promise.all([page.waitForURL(/\/dashboard/), page.getByRole('button', { name: 'Switch' }).click()]);
    await page.goto(`${gateway.baseUrl}/dashboard/payments`);
    const table = await page.locator('table').innerText();
    expect(table).toContain('A-ORDER-0');
    expect(table).not.toContain('B-ORDER-0');
  });
});

describe('forms from anywhere but the dashboard', () => {
  it('are refused without the session’s CSRF token or from another origin', async () => {
    const opened = await browser();
    const page = await signIn(opened, gateway.baseUrl, merchantA.apiKey);
    const token = await csrfTokenOf(page);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
      opened.context.request.post(`${gateway.baseUrl}/dashboard/sign-out`, {
        form,
        headers,
        maxRedirects: 0,
      });

    const missing = await post({});
    expect(missing.status()).toBe(403);
    expect(await missing.text()).toContain('This form has expired');
    expect((await post({ csrf: 'A'.repeat(32) })).status()).toBe(403);
    expect((await post({ csrf: token! }, { origin: 'https://attacker.example' })).status()).toBe(403);

    // None of those ended the session; the genuine form still does.
    await page.reload();
    expect(await page.locator('h1').innerText()).toBe('At a glance');
    const genuine = await post({ csrf: token! }, { origin: new URL(gateway.baseUrl).origin });
    expect(genuine.status()).toBe(303);
  });

  it('cannot sign a browser in from another site', async () => {
    const opened = await browser();
    const response = await opened.context.request.post(`${gateway.baseUrl}/dashboard/sign-in`, {
      form: { key: merchantA.apiKey, csrf: 'B'.repeat(32) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect((await opened.context.cookies(`${gateway.baseUrl}/dashboard`)).map((c) => c.name)).not.toContain(
      'dashboard_session',
    );
  });
});

describe('the payments pages', () => {
  it('chart the days at a glance, then list, filter, search and open one payment with its deposits and event timeline', async () => {
    const page = await signIn(await browser(), gateway.baseUrl, merchantB.apiKey);
    expect(await page.getByRole('img', { name: 'Payments per day' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'LTC received per day' }).count()).toBe(1);
    const [paid] = paymentsB;
    await page.getByRole('link', { name: 'Payments' }).click();
    await page.waitForURL(/\/dashboard\/payments$/);
    expect(await unlabelledControls(page)).toEqual([]);
    expect(await page.locator('table').innerText()).toContain('B-ORDER-0');

    await page.getByLabel('Status').selectOption('finished');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/status=finished/);
    expect(await page.getByText('No payments match.').count()).toBe(1);

    await page.goto(`${gateway.baseUrl}/dashboard/payments?q=${paid!.payAddress}`);
    await page.getByRole('link', { name: String(paid!.paymentId) }).click();
    await page.waitForURL(new RegExp(`/dashboard/payments/${paid!.paymentId}$`));
    const deposits = await page.getByRole('region', { name: 'Deposits', exact: true }).innerText();
    expect(deposits).toMatch(/1 of \d+/);
    const timeline = await page.locator('ol.timeline').innerText();
    expect(timeline).toContain('PaymentCreated');
    expect(timeline).toContain('DepositDetected');
  });

  it('answers a bad filter with the reason, not an error page', async () => {
    const page = await signIn(await browser(), gateway.baseUrl, merchantA.apiKey);
    const response = await page.goto(`${gateway.baseUrl}/dashboard/payments?status=nonsense&from=yesterday`);
    expect(response?.status()).toBe(400);
    expect(await page.getByRole('alert').innerText()).toContain('status is not a payment status');
  });
});

describe('merchant A never sees merchant B', () => {
  it('on the payment list, the search, and B’s payment page', async () => {
    const page = await signIn(await browser(), gateway.baseUrl, merchantA.apiKey);
    const [theirs] = paymentsB;
    const overview = await page.content();
    expect(overview).not.toContain('LTC received per day');
    await page.goto(`${gateway.baseUrl}/dashboard/payments`);
    const list = await page.content();
    expect(list).not.toContain('B-ORDER-0');
    for (const [, term] of [
      ['order id', 'B-ORDER-0'],
      ['address', theirs!.payAddress],
      ['payment id', String(theirs!.paymentId)],
    ]) {
      await page.goto(`${gateway.baseUrl}/dashboard/payments?q=${encodeURIComponent(term!)}`);
      expect(await page.getByText('No payments match.').count()).toBe(1);
    }
    const response = await page.goto(`${gateway.baseUrl}/dashboard/payments/${theirs!.paymentId}`);
    expect(response?.status()).toBe(404);
    expect(await page.content()).not.toContain(theirs!.payAddress);
    for (const mine of paymentsA) {
      await page.goto(`${gateway.baseUrl}/dashboard/payments/${mine.paymentId}`);
      expect(await page.locator('h1').innerText()).toContain(String(mine.paymentId));
    }
  });
});
