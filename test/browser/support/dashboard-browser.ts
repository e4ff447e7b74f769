import type { Page } from 'playwright-core';
import { DESKTOP, type CheckoutBrowser } from './browser';

/** Signs in through the form with the keyboard, as a person would, and waits for the first page. */
export async function signIn(
  browser: CheckoutBrowser,
  baseUrl: string,
  key: string,
  viewport = DESKTOP,
): Promise<Page> {
  const page = await browser.newPage(viewport);
  await page.goto(`${baseUrl}/dashboard/sign-in`);
  await page.getByLabel('API key or admin token').fill(key);
  await Promise.all([page.waitForURL(/\/dashboard(\/payments)?$/), page.keyboard.press('Enter')]);
  return page;
}

/** The session's CSRF token, read from the sign-out form every signed-in page carries. */
export const csrfTokenOf = (page: Page): Promise<string | null> =>
  page.locator('form[action="/dashboard/sign-out"] input[name="csrf"]').getAttribute('value');

/** Every form control a person can reach has a label a screen reader announces. */
export async function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface Control {
      id: string;
      name: string;
      type: string;
      labels: { length: number } | null;
      getAttribute(name: string): string | null;
    }
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Control[] } }).document;
    return Array.from(doc.querySelectorAll('input, select, textarea'))
      .filter((control) => control.type !== 'hidden')
      .filter((control) => (control.labels?.length ?? 0) === 0 && !control.getAttribute('aria-label'))
      .map((control) => control.name || control.id);
  });
}
