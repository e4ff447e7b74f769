import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANY_EVENT, JsonlEventStore } from '@gw/store';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { admin, eventually } from '../e2e/notifier/support/notifier-harness';
import { DESKTOP, openCheckoutBrowser, type CheckoutBrowser } from './support/browser';
import { signIn, unlabelledControls } from './support/dashboard-browser';
import { unpublishablePlanCreated } from '../support/unpublishable-commit';

jest.setTimeout(120_000);

/** Chromium logs the 403 the merchant is shown on purpose as a console error. */
const PROVOKED = /^console error: Failed to load resource: the server responded with a status of 403/;

let dataDir: string;
let gateway: TestGateway;
let browser: CheckoutBrowser;
let planted: string;

/** An event store written before appends were checked: issue 22's plan with amount "Infinity". */
async function plantInfinityPlan(): Promise<string> {
  const old = await JsonlEventStore.open({ directory: dataDir, eventSchema: ANY_EVENT });
  const commit = await old.append('plan-900003', 0, [unpublishablePlanCreated(900003)]);
  await old.close();
  return commit.commitId;
}

const quarantineCount = async () =>
  (await admin<{ count: number }>(gateway, 'GET', '/outbox/quarantine')).body.count;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dashboard-outbox-'));
  planted = await plantInfinityPlan();
  gateway = await startTestGateway({ dataDir });
  await eventually(async () => (await quarantineCount()) === 1);
  browser = await openCheckoutBrowser(gateway.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  expect(browser.foreignRequests).toEqual([]);
  expect(browser.pageProblems.filter((problem) => !PROVOKED.test(problem))).toEqual([]);
});

describe('the operator’s Outbox page', () => {
  it('lists the quarantined commit with its stream and reason, and retries it', async () => {
    const page = await signIn(browser, gateway.baseUrl, gateway.adminToken, DESKTOP);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Outbox' }).click();
    await page.waitForURL(/\/dashboard\/outbox$/);

    const row = page.locator('#quarantine tbody tr');
    await expect(row.count()).resolves.toBe(1);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual(['plan-900003', '1–1', 'SubscriptionPlanCreated']);
    expect(cells[3]).toMatch(/^SubscriptionPlanCreated version 1: \/data\/amount must match pattern/);
    expect(await page.getByRole('status').first().innerText()).toContain('1 quarantined commit(s)');
    expect(await unlabelledControls(page)).toEqual([]);

    const before = (
      await admin<{ result: { quarantined_at: string }[] }>(gateway, 'GET', '/outbox/quarantine')
    ).body.result[0]!.quarantined_at;
    await Promise.all([
      page.waitForURL(new RegExp(`/dashboard/outbox/${planted}/retry$`)),
      row.getByRole('button', { name: 'Retry' }).click(),
    ]);
    expect(await page.getByText('Commit of plan-900003 put back in the outbox.').count()).toBe(1);
    // Still unpublishable: the relay sets it aside again, with a new time.
    await eventually(async () => {
      const { body } = await admin<{ result: { quarantined_at: string }[] }>(
        gateway,
        'GET',
        '/outbox/quarantine',
      );
      return body.result[0] !== undefined && body.result[0].quarantined_at !== before;
    });
  });

  it('is the operator’s only: a merchant sees no Outbox link and is refused the page', async () => {
    const page = await signIn(browser, gateway.baseUrl, gateway.demoMerchant.apiKey, DESKTOP);
    expect(
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Outbox' }).count(),
    ).toBe(0);

    const response = await page.goto(`${gateway.baseUrl}/dashboard/outbox`);
    expect(response?.status()).toBe(403);
    expect(await page.locator('body').innerText()).not.toContain('plan-900003');
  });
});
