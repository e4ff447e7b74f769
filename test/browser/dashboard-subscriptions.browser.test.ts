import type { MerchantKeys } from '@gw/application';
import type { Page } from 'playwright-core';
import { admin } from '../e2e/v1/v1-client';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { DESKTOP, PHONE, openCheckoutBrowser, type CheckoutBrowser } from './support/browser';
import { csrfTokenOf, signIn, unlabelledControls } from './support/dashboard-browser';

jest.setTimeout(120_000);

const PROVOKED =
  /^console error: Failed to load resource: the server responded with a status of (403|404|422)/;

let gateway: TestGateway;
let merchantA: MerchantKeys;
let merchantB: MerchantKeys;
let browser: CheckoutBrowser;
let ofB: { planId: number; subscriptionId: number };

/** What the V1 API answers the merchant's own code: the dashboard writes what it reads. */
async function v1<T>(keys: MerchantKeys, path: string): Promise<T> {
  const response = await fetch(`${gateway.baseUrl}${path}`, { headers: { 'x-api-key': keys.apiKey } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

interface V1List<T> {
  count: number;
  result: T[];
}
type V1Plan = { id: number; title: string; amount: number | string; currency: string; interval_day: number };
type V1Subscription = {
  id: number;
  subscription_plan_id: number;
  status: string;
  subscriber: { email: string };
};

beforeAll(async () => {
  gateway = await startTestGateway();
  merchantA = await gateway.createMerchant('Merchant A');
  merchantB = await gateway.createMerchant('Merchant B');
  const plan = await admin(gateway, 'POST', `/merchants/${merchantB.merchantId}/subscription-plans`, {
    title: 'Plan of B',
    amount: 10,
    currency: 'usd',
    interval_day: 30,
  });
  const subscription = await admin(gateway, 'POST', `/merchants/${merchantB.merchantId}/subscriptions`, {
    subscription_plan_id: plan.body.id,
    email: 'buyer-of-b@example.com',
  });
  ofB = { planId: plan.body.id as number, subscriptionId: subscription.body.id as number };
  browser = await openCheckoutBrowser(gateway.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

afterEach(() => {
  expect(browser.foreignRequests).toEqual([]);
  expect(browser.pageProblems.filter((problem) => !PROVOKED.test(problem))).toEqual([]);
});

/** The problem a screen reader announces with a field: the text its aria-describedby points at. */
async function problemOf(page: Page, label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
  const problemId = ids.find((id) => id.endsWith('-problem'));
  return problemId ? page.locator(`#${problemId}`).innerText() : null;
}

async function submit(page: Page, button: string, path: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await page.waitForLoadState();
  return response.status();
}

describe('subscription plans and subscriptions from the browser', () => {
  it('creates a plan, showing each refused field beside it until it is right; the V1 API lists it', async () => {
    const page = await signIn(browser, gateway.baseUrl, merchantA.apiKey, PHONE);
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await page.waitForURL(/\/dashboard\/subscriptions$/);
    expect(await unlabelledControls(page)).toEqual([]);

    await page.getByLabel('Title', { exact: true }).fill('Monthly box');
    await page.getByLabel('Amount', { exact: true }).fill('9.999');
    await page.getByLabel('Currency', { exact: true }).fill('zzz');
    await page.getByLabel('Renews every (days)').fill('0');
    expect(await submit(page, 'Create plan', '/dashboard/subscriptions/plans')).toBe(422);
    expect(await page.getByRole('alert').innerText()).toContain('Nothing was saved');
    // The schema speaks first: a day count below 1 is refused before the catalogue is asked.
    expect(await problemOf(page, 'Renews every (days)')).toBe('interval_day must be >= 1');
    // What was typed is kept, so only the wrong field needs typing again.
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Monthly box');

    await page.getByLabel('Renews every (days)').fill('30');
    expect(await submit(page, 'Create plan', '/dashboard/subscriptions/plans')).toBe(422);
    expect(await problemOf(page, 'Currency')).toBe('currency "zzz" is not a known currency');

    await page.getByLabel('Currency', { exact: true }).fill('USD');
    expect(await submit(page, 'Create plan', '/dashboard/subscriptions/plans')).toBe(422);
    expect(await problemOf(page, 'Amount')).toBe('amount has more than 2 decimals, the precision of usd');
    expect(await problemOf(page, 'Currency')).toBeNull();

    await page.getByLabel('Amount', { exact: true }).fill('9.99');
    await page.getByText('Redirect and IPN URLs (optional)').click();
    await page.getByLabel('Success URL').fill('javascript:alert(1)');
    expect(await submit(page, 'Create plan', '/dashboard/subscriptions/plans')).toBe(422);
    expect(await problemOf(page, 'Success URL')).toContain('success_url must');

    await page.getByLabel('Success URL').fill('https://shop.example.test/thanks');
    expect(await submit(page, 'Create plan', '/dashboard/subscriptions/plans')).toBe(200);
    expect(await page.getByRole('status').first().innerText()).toContain('"Monthly box" created');
    expect(await page.getByRole('region', { name: 'Subscription plans' }).innerText()).toContain(
      'Monthly box',
    );

    const plans = await v1<V1List<V1Plan>>(merchantA, '/v1/subscriptions/plans');
    expect(plans.result).toHaveLength(1);
    expect(plans.result[0]).toMatchObject({ title: 'Monthly box', currency: 'usd', interval_day: 30 });
    expect(String(plans.result[0]!.amount)).toBe('9.99');
    await page.close();
  });

  it('subscribes an email to the plan, then pauses it; the V1 API shows both', async () => {
    const page = await signIn(browser, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/subscriptions`);
    await page.getByLabel('Plan', { exact: true }).selectOption({ index: 0 });
    await page.getByLabel('Subscriber email').fill('not-an-email');
    expect(await submit(page, 'Subscribe', '/dashboard/subscriptions')).toBe(422);
    expect(await problemOf(page, 'Subscriber email')).toBe('email must match format "email"');

    await page.getByLabel('Subscriber email').fill('buyer@example.com');
    expect(await submit(page, 'Subscribe', '/dashboard/subscriptions')).toBe(200);
    expect(await page.getByRole('status').first().innerText()).toContain('buyer@example.com is subscribed');

    const [subscription] = (await v1<V1List<V1Subscription>>(merchantA, '/v1/subscriptions')).result;
    expect(subscription).toMatchObject({ status: 'ACTIVE', subscriber: { email: 'buyer@example.com' } });

    await page.getByLabel(`Status of subscription ${subscription!.id}`).selectOption('paused');
    const path = `/dashboard/subscriptions/${subscription!.id}/status`;
    expect(await submit(page, 'Change', path)).toBe(200);
    expect(await page.getByRole('status').first().innerText()).toContain('is paused');
    const after = await v1<{ result: V1Subscription }>(merchantA, `/v1/subscriptions/${subscription!.id}`);
    expect(after.result.status).toBe('PAUSED');
    await page.close();
  });

  it("never shows or changes merchant B's plans and subscriptions through merchant A's session", async () => {
    const page = await signIn(browser, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/subscriptions`);
    const content = await page.content();
    expect(content).not.toContain('Plan of B');
    expect(content).not.toContain('buyer-of-b@example.com');
    expect(content).not.toContain(String(ofB.planId));

    const csrf = (await csrfTokenOf(page))!;
    const post = (path: string, form: Record<string, string>) =>
      browser.context.request.post(`${gateway.baseUrl}${path}`, { form: { csrf, ...form }, maxRedirects: 0 });

    const change = await post(`/dashboard/subscriptions/${ofB.subscriptionId}/status`, {
      status: 'cancelled',
    });
    expect(change.status()).toBe(404);
    expect(await change.text()).not.toContain('buyer-of-b@example.com');

    const subscribe = await post('/dashboard/subscriptions', {
      subscription_plan_id: String(ofB.planId),
      email: 'intruder@example.com',
    });
    expect(subscribe.status()).toBe(422);
    expect(await subscribe.text()).not.toContain('Plan of B');

    const b = await v1<V1List<V1Subscription>>(merchantB, '/v1/subscriptions');
    expect(b.result.map(({ status, subscriber }) => [status, subscriber.email])).toEqual([
      ['ACTIVE', 'buyer-of-b@example.com'],
    ]);
    const aSubscriptions = await v1<V1List<V1Subscription>>(merchantA, '/v1/subscriptions');
    expect(aSubscriptions.result.map(({ subscription_plan_id }) => subscription_plan_id)).not.toContain(
      ofB.planId,
    );
    await page.close();
  });

  it('refuses each new form without the session CSRF token', async () => {
    const page = await signIn(browser, gateway.baseUrl, merchantA.apiKey, DESKTOP);
    for (const [path, form] of [
      [
        '/dashboard/subscriptions/plans',
        { title: 'Forged', amount: '1', currency: 'usd', interval_day: '7' },
      ],
      ['/dashboard/subscriptions', { subscription_plan_id: String(ofB.planId), email: 'forged@example.com' }],
      [`/dashboard/subscriptions/${ofB.subscriptionId}/status`, { status: 'cancelled' }],
    ] as const) {
      const forged = await browser.context.request.post(`${gateway.baseUrl}${path}`, {
        form,
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(403);
    }
    const plans = await v1<V1List<V1Plan>>(merchantA, '/v1/subscriptions/plans');
    expect(plans.result.map(({ title }) => title)).not.toContain('Forged');
    await page.close();
  });
});
