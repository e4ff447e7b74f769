import { ManualClock } from '@gw/platform';
import type { MerchantKeys } from '@gw/application';
import { startTestGateway, type TestGateway } from '../support/gateway';
import {
  admin,
  deliveriesOf,
  eventually,
  PaymentDriver,
  retryNow,
  type DeliveryView,
} from '../e2e/notifier/support/notifier-harness';
import { replyWith, startReceiver, type Receiver } from '../e2e/notifier/support/receiver';
import type { NotifierService } from '@gw/service-notifier';
import type { Page } from 'playwright-core';
import { newDelivery } from '@gw/service-notifier/testing';
import { DESKTOP, openCheckoutBrowser, type CheckoutBrowser } from './support/browser';
import { csrfTokenOf, signIn } from './support/dashboard-browser';

jest.setTimeout(120_000);

/** Chromium logs the refusals the tests provoke on purpose as console errors. */
const PROVOKED = /^console error: Failed to load resource: the server responded with a status of (400|404)/;

let clock: ManualClock;
let gateway: TestGateway;
let receiver: Receiver;
let driver: PaymentDriver;
let merchantA: MerchantKeys;
let merchantB: MerchantKeys;
let browser: CheckoutBrowser;

/** A family B webhook that the receiver refused on all five attempts: the delivery is dead. */
async function deadDelivery(merchant: MerchantKeys): Promise<{ deliveryId: string; paymentId: number }> {
  const terms = await driver.open('beta', merchant, receiver.url);
  await driver.deposit(terms, terms.payAmount, 0);
  const [paying] = await eventually(async () => {
    const deliveries = await deliveriesOf(gateway, terms.paymentId);
    return deliveries.length > 0 ? deliveries : undefined;
  });
  const deliveryId = paying!.delivery_id;
  for (let retry = 0; retry < 4; retry++) await retryNow(gateway, clock, deliveryId);
  await eventually(async () => {
    const { body } = await admin<DeliveryView>(gateway, 'GET', `/webhooks/${deliveryId}`);
    return body.state === 'dead' ? body : undefined;
  });
  return { deliveryId, paymentId: terms.paymentId };
}

const stateOf = async (deliveryId: string) =>
  (await admin<DeliveryView>(gateway, 'GET', `/webhooks/${deliveryId}`)).body.state;

beforeAll(async () => {
  clock = new ManualClock('2026-03-01T12:00:00.000Z');
  gateway = await startTestGateway({ clock });
  driver = new PaymentDriver(gateway);
  receiver = await startReceiver(replyWith(500, 'broken'));
  merchantA = gateway.demoMerchant;
  merchantB = await gateway.createMerchant('Merchant B');
  browser = await openCheckoutBrowser(gateway.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await gateway?.stop();
});

afterEach(() => {
  expect(browser.foreignRequests).toEqual([]);
  expect(browser.pageProblems.filter((problem) => !PROVOKED.test(problem))).toEqual([]);
});

describe('the webhook pages', () => {
  it('show each attempt’s request, response and error, and redeliver one webhook', async () => {
    receiver.setReply(replyWith(500, 'broken'));
    const { deliveryId, paymentId } = await deadDelivery(merchantA);
    const page = await signIn(browser, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/webhooks?state=dead`);
    const table = await page.getByRole('region', { name: 'Webhook deliveries' }).innerText();
    expect(table).toContain(String(paymentId));

    await page.goto(`${gateway.baseUrl}/dashboard/webhooks/${deliveryId}`);
    expect(await page.locator('h1').innerText()).toContain('dead');
    const attempts = page.locator('ol.timeline > li');
    expect(await attempts.count()).toBe(5);
    expect(await attempts.first().innerText()).toContain('HTTP 500');
    await attempts.first().getByText('Response body').click();
    expect(await attempts.first().locator('pre').innerText()).toBe('broken');
    expect(await page.locator('pre').first().innerText()).toMatch(/content-type: application\/json/i);

    receiver.setReply(replyWith(200));
    await Promise.all([
      page.waitForURL(/redelivered=1$/),
      page.getByRole('button', { name: 'Redeliver this webhook' }).click(),
    ]);
    expect(await page.getByRole('status').innerText()).toContain('being sent again');
    await eventually(async () => ((await stateOf(deliveryId)) === 'delivered' ? true : undefined));
    await page.reload();
    expect(await page.locator('h1').innerText()).toContain('delivered');
    await page.close();
  });

  it('redeliver every dead webhook of the merchant, and only of that merchant', async () => {
    receiver.setReply(replyWith(500, 'broken'));
    const mine = [await deadDelivery(merchantA), await deadDelivery(merchantA)];
    const theirs = await deadDelivery(merchantB);
    receiver.setReply(replyWith(200));
    const page = await signIn(browser, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/webhooks`);
    await Promise.all([
      page.waitForURL(/redelivered=2$/),
      page.getByRole('button', { name: 'Redeliver every dead webhook' }).click(),
    ]);
    expect(await page.getByRole('status').innerText()).toContain('2 dead webhooks are being sent again');
    for (const { deliveryId } of mine) {
      await eventually(async () => ((await stateOf(deliveryId)) === 'delivered' ? true : undefined));
    }
    expect(await stateOf(theirs.deliveryId)).toBe('dead');
    await page.close();
  });

  it('never show or redeliver another merchant’s webhook', async () => {
    receiver.setReply(replyWith(500, 'broken'));
    const theirs = await deadDelivery(merchantB);
    const page = await signIn(browser, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/webhooks`);
    expect(await page.content()).not.toContain(String(theirs.paymentId));
    await page.goto(`${gateway.baseUrl}/dashboard/webhooks?payment_id=${theirs.paymentId}`);
    expect(await page.getByText('No webhooks match.').count()).toBe(1);
    const opened = await page.goto(`${gateway.baseUrl}/dashboard/webhooks/${theirs.deliveryId}`);
    expect(opened?.status()).toBe(404);
    const token = await csrfTokenOf(page);
    const redeliver = await browser.context.request.post(
      `${gateway.baseUrl}/dashboard/webhooks/${theirs.deliveryId}/redeliver`,
      { form: { csrf: token! }, maxRedirects: 0 },
    );
    expect(redeliver.status()).toBe(404);
    expect(await stateOf(theirs.deliveryId)).toBe('dead');
    await page.close();
  });

  it('page by keyset with the filters kept, the same rows whatever arrives meanwhile', async () => {
    const { log } = gateway.gateway.services.find(
      (service): service is NotifierService => service.name === 'notifier',
    )!;
    const paymentId = 900_001;
    const schedule = (eventVersion: number) =>
      log.append({
        type: 'DeliveryScheduled',
        delivery: newDelivery({
          paymentId,
          eventVersion,
          merchantId: merchantA.merchantId,
          url: receiver.url,
          createdAt: new Date(Date.parse('2026-02-01T00:00:00.000Z') + eventVersion * 1000).toISOString(),
        }),
      });
    for (let version = 1; version <= 60; version++) await schedule(version);
    const versions = (page: Page) =>
      page
        .locator('tbody tr td:first-child a')
        .allInnerTexts()
        .then((texts) => texts.map((text) => Number(text.split('-')[1])));

    const page = await signIn(browser, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/webhooks?payment_id=${paymentId}`);
    const first = await versions(page);
    expect(first).toEqual(Array.from({ length: 50 }, (_, i) => 60 - i));
    await Promise.all([page.waitForURL(/before=/), page.getByRole('link', { name: 'Older →' }).click()]);
    expect(new URL(page.url()).searchParams.get('payment_id')).toBe(String(paymentId));
    expect(await versions(page)).toEqual(Array.from({ length: 10 }, (_, i) => 10 - i));
    expect(await page.getByRole('link', { name: 'Older →' }).count()).toBe(0);

    // A newer webhook arrives: going back shows the page as it was, and one more page above it.
    await schedule(61);
    await Promise.all([page.waitForURL(/after=/), page.getByRole('link', { name: '← Newer' }).click()]);
    expect(new URL(page.url()).searchParams.get('payment_id')).toBe(String(paymentId));
    expect(await versions(page)).toEqual(first);
    await Promise.all([page.waitForURL(/after=/), page.getByRole('link', { name: '← Newer' }).click()]);
    expect(await versions(page)).toEqual([61]);

    const refused = await page.goto(`${gateway.baseUrl}/dashboard/webhooks?before=not-a-cursor`);
    expect(refused?.status()).toBe(400);
    expect(await page.getByRole('alert').innerText()).toContain('before is not a page of this list');
    await page.close();
  });
});
