import type { MerchantKeys } from '@gw/application';
import type { Page } from 'playwright-core';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { DESKTOP, openCheckoutBrowser, type CheckoutBrowser } from './support/browser';
import { CheckoutFixtures } from './support/checkout-fixtures';
import { signIn } from './support/dashboard-browser';
import { EventStreamReader } from './support/event-stream';

jest.setTimeout(120_000);

let gateway: TestGateway;
let merchantA: MerchantKeys;
let merchantB: MerchantKeys;
let asA: CheckoutFixtures;
let asB: CheckoutFixtures;
const browsers: CheckoutBrowser[] = [];
const streams: EventStreamReader[] = [];

async function browser(options: { javaScriptEnabled?: boolean } = {}): Promise<CheckoutBrowser> {
  const opened = await openCheckoutBrowser(gateway.baseUrl, options);
  browsers.push(opened);
  return opened;
}

/** The session cookie a signed-in browser holds, for reading its stream byte by byte. */
async function sessionCookie(opened: CheckoutBrowser): Promise<string> {
  const cookies = await opened.context.cookies(`${gateway.baseUrl}/dashboard`);
  const session = cookies.find((cookie) => cookie.name === 'dashboard_session');
  if (!session) throw new Error('no dashboard session cookie');
  return `dashboard_session=${session.value}`;
}

async function stream(
  cookie: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  const url = `${gateway.baseUrl}/dashboard/live?${new URLSearchParams(params).toString()}`;
  const reader = await EventStreamReader.open(url, { cookie, ...headers });
  streams.push(reader);
  return reader;
}

const paymentOf = (data: string): { paymentId: number; announce: string; parts: Record<string, string> } =>
  JSON.parse(data) as { paymentId: number; announce: string; parts: Record<string, string> };

/** The status badge a row or heading of the page shows for the payment. */
const rowBadge = (page: Page, paymentId: number) =>
  page.locator(`tr[data-payment-id="${paymentId}"] .badge`).first();

/** A page object that survives only as long as the page is not reloaded. */
const markUnreloaded = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { notReloaded: boolean }).notReloaded = true;
  });
const isUnreloaded = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded === true);

beforeAll(async () => {
  gateway = await startTestGateway();
  merchantA = gateway.demoMerchant;
  merchantB = await gateway.createMerchant('Merchant B');
  asA = new CheckoutFixtures(gateway, merchantA);
  asB = asA.as(merchantB);
});

afterEach(async () => {
  for (const reader of streams.splice(0)) reader.close();
  const opened = browsers.splice(0);
  await Promise.all(opened.map((each) => each.close()));
  for (const each of opened) {
    expect(each.foreignRequests).toEqual([]);
    expect(each.pageProblems).toEqual([]);
  }
});

afterAll(async () => {
  await gateway?.stop();
});

describe('live updates of the dashboard', () => {
  it('show a new payment and a sandbox status change on the open list, payment page and overview, without a reload', async () => {
    const opened = await browser();
    const paid = await asA.createPayment({ order_id: 'LIVE-PAID' });
    const list = await signIn(opened, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    const overview = list;
    const listPage = await opened.newPage(DESKTOP);
    await listPage.goto(`${gateway.baseUrl}/dashboard/payments`);
    const paymentPage = await opened.newPage(DESKTOP);
    await paymentPage.goto(`${gateway.baseUrl}/dashboard/payments/${paid.paymentId}`);
    for (const page of [overview, listPage, paymentPage]) await markUnreloaded(page);
    expect(await rowBadge(listPage, paid.paymentId).innerText()).toBe('waiting');

    const created = await asA.createPayment({ order_id: 'LIVE-NEW' });
    for (const page of [overview, listPage]) {
      await page.locator(`tbody tr[data-payment-id="${created.paymentId}"]`).waitFor();
      // Newest first: the new payment is the list's first row.
      expect(await page.locator('tbody tr').first().getAttribute('data-payment-id')).toBe(
        String(created.paymentId),
      );
      expect(await page.locator('tbody tr').first().innerText()).toContain('LIVE-NEW');
    }

    const txHash = await asA.pay(paid, { confirmations: paid.requiredConfirmations });
    const done = await asA.paymentIn(paid.uuid, 'finished');
    for (const page of [overview, listPage]) {
      await rowBadge(page, paid.paymentId).filter({ hasText: 'finished' }).waitFor();
    }
    await paymentPage.locator('h1 .badge').filter({ hasText: 'finished' }).waitFor();
    // Every event of the stream is in the timeline, in order, and the deposit in its table.
    const versions = await paymentPage
      .locator('[data-live-timeline] li')
      .evaluateAll((items) =>
        items.map((item) => Number((item as unknown as { dataset: { version: string } }).dataset.version)),
      );
    expect(versions).toEqual(Array.from({ length: done.version }, (_, i) => i + 1));
    expect(await paymentPage.locator('[data-live-part="deposits"]').innerText()).toContain(txHash);
    expect(await paymentPage.locator('[data-live-part="facts"]').innerText()).toContain(
      `${done.actuallyPaid} ${done.payCurrency.toUpperCase()}`,
    );
    // Read out politely, once the status changed.
    const announcer = paymentPage.locator('[data-live-announce]');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    expect(await announcer.innerText()).toBe(`Payment ${paid.paymentId} is now finished.`);
    for (const page of [overview, listPage, paymentPage]) expect(await isUnreloaded(page)).toBe(true);
  });

  it('never send merchant A’s session an event of merchant B, on any page or in the stream itself', async () => {
    const opened = await browser();
    const listPage = await signIn(opened, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    await listPage.goto(`${gateway.baseUrl}/dashboard/payments`);
    const cookie = await sessionCookie(opened);
    const raw = await stream(cookie, { view: 'payments', merchant: merchantA.merchantId });

    const ofB = await asB.createPayment({ order_id: 'B-LIVE-SECRET' });
    await asB.pay(ofB, { confirmations: ofB.requiredConfirmations });
    await asB.paymentIn(ofB.uuid, 'finished');
    // A's own payment after B's: the stream is ordered, so once it arrives B's events are behind it.
    const sentinel = await asA.createPayment({ order_id: 'A-LIVE-SENTINEL' });
    await raw.until((event) => paymentOf(event.data).paymentId === sentinel.paymentId, 'A’s sentinel');
    await listPage.locator(`tr[data-payment-id="${sentinel.paymentId}"]`).waitFor();

    expect(raw.text).not.toContain('B-LIVE-SECRET');
    expect(raw.events.map((event) => paymentOf(event.data).paymentId)).not.toContain(ofB.paymentId);
    expect(await listPage.locator('main').innerText()).not.toContain('B-LIVE-SECRET');
    expect(await listPage.locator(`tr[data-payment-id="${ofB.paymentId}"]`).count()).toBe(0);

    // Naming B's merchant, B's payment page or resuming from B's position gets A nothing of B.
    const asMerchantB = await stream(cookie, { view: 'payments', merchant: merchantB.merchantId });
    expect(asMerchantB.status).toBe(409);
    const bPage = await stream(cookie, {
      view: 'payment',
      merchant: merchantA.merchantId,
      payment_id: String(ofB.paymentId),
      since: `${raw.events[0]!.id.split('.')[0]}.0`,
    });
    await asB.confirm((await asB.payment(ofB.uuid)).deposits[0]!.txHash, ofB.requiredConfirmations + 1);
    const secondSentinel = await asA.createPayment({ order_id: 'A-LIVE-SENTINEL-2' });
    await raw.until((event) => paymentOf(event.data).paymentId === secondSentinel.paymentId, 'A’s sentinel');
    expect(bPage.events).toEqual([]);
  });

  it('show the operator the merchant it switched to, and refuse a stream of the merchant it left', async () => {
    const opened = await browser();
    const page = await signIn(opened, gateway.baseUrl, gateway.adminToken, DESKTOP);
    await page.getByLabel('Merchant').selectOption(merchantB.merchantId);
    await Promise.all([
      page.waitForURL(/\/dashboard$/),
      page.getByRole('button', { name: 'Switch' }).click(),
    ]);
    const cookie = await sessionCookie(opened);
    const raw = await stream(cookie, { view: 'payments', merchant: merchantB.merchantId });
    const ofA = await asA.createPayment({ order_id: 'A-NOT-FOR-B-VIEW' });
    const ofB = await asB.createPayment({ order_id: 'B-FOR-OPERATOR' });
    await page.locator(`tr[data-payment-id="${ofB.paymentId}"]`).waitFor();
    await raw.until((event) => paymentOf(event.data).paymentId === ofB.paymentId, 'B’s payment');
    expect(raw.events.map((event) => paymentOf(event.data).paymentId)).not.toContain(ofA.paymentId);
    expect(await page.locator('main').innerText()).not.toContain('A-NOT-FOR-B-VIEW');
    expect((await stream(cookie, { view: 'payments', merchant: merchantA.merchantId })).status).toBe(409);
  });

  it('replay what a dropped connection missed from its Last-Event-ID, and reset an id it cannot continue', async () => {
    const opened = await browser();
    await signIn(opened, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    const cookie = await sessionCookie(opened);
    const first = await stream(cookie, { view: 'payments', merchant: merchantA.merchantId });
    const before = await asA.createPayment({ order_id: 'BEFORE-DROP' });
    const seen = await first.until(
      (event) => paymentOf(event.data).paymentId === before.paymentId,
      'the payment before the drop',
    );
    first.close();
    const missed = await asA.createPayment({ order_id: 'WHILE-DROPPED' });
    await asA.pay(missed, { confirmations: missed.requiredConfirmations });
    await asA.paymentIn(missed.uuid, 'finished');

    const resumed = await stream(
      cookie,
      { view: 'payments', merchant: merchantA.merchantId },
      {
        'last-event-id': seen.id,
      },
    );
    const created = await resumed.until(
      (event) => paymentOf(event.data).paymentId === missed.paymentId,
      'the payment created while dropped',
    );
    expect(paymentOf(created.data).parts.row).toContain('WHILE-DROPPED');
    await resumed.until((event) => paymentOf(event.data).announce.endsWith('is now finished.'), 'its finish');
    expect(resumed.events.map((event) => paymentOf(event.data).paymentId)).not.toContain(before.paymentId);

    const foreign = await stream(
      cookie,
      { view: 'payments', merchant: merchantA.merchantId },
      {
        'last-event-id': 'another-run.5',
      },
    );
    await foreign.until((event) => event.event === 'reset', 'a reset');
  });

  it('bound the streams of one session', async () => {
    // Without JavaScript the browser holds none of the session's streams: these are all the test's.
    const opened = await browser({ javaScriptEnabled: false });
    await signIn(opened, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    const cookie = await sessionCookie(opened);
    const params = { view: 'payments', merchant: merchantA.merchantId };
    const open: EventStreamReader[] = [];
    for (let i = 0; i < 4; i++) open.push(await stream(cookie, params));
    for (const reader of open) expect(reader.contentType).toMatch(/^text\/event-stream/);
    const fifth = await stream(cookie, params);
    expect(fifth.status).toBe(429);
    open[0]!.close();
    await waitUntil(async () => (await stream(cookie, params)).status === 200, 'a free stream slot');
  });

  it('leave the pages whole without JavaScript', async () => {
    const opened = await browser({ javaScriptEnabled: false });
    const page = await signIn(opened, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/payments`);
    expect(await page.locator('tbody tr[data-payment-id]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-live-announce]').innerText()).toBe('');
    expect(await page.locator('[data-live-paused]').isVisible()).toBe(false);
  });
});

describe('stopping the gateway', () => {
  it('ends the open streams at once instead of waiting out the HTTP drain', async () => {
    const own = await startTestGateway();
    const opened = await openCheckoutBrowser(own.baseUrl);
    let stopped = false;
    try {
      await signIn(opened, own.baseUrl, own.demoMerchant.apiKey, DESKTOP);
      const cookies = await opened.context.cookies(`${own.baseUrl}/dashboard`);
      const session = cookies.find((cookie) => cookie.name === 'dashboard_session')!;
      const reader = await EventStreamReader.open(
        `${own.baseUrl}/dashboard/live?view=payments&merchant=${own.demoMerchant.merchantId}`,
        { cookie: `dashboard_session=${session.value}` },
      );
      expect(reader.status).toBe(200);
      await own.stop();
      stopped = true;
      await reader.untilEnded();
      // Ended by the server's own end of the response, not by the drain's deadline cutting the socket.
      expect(reader.endedCleanly).toBe(true);
    } finally {
      await opened.close();
      if (!stopped) await own.stop();
    }
  });
});

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
