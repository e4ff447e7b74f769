import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags of reference/engines.md: nothing phones home, nothing needs a GPU or a sandbox. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** The merchant's site: redirects go there, and the browser is answered locally, never over the network. */
export const SHOP_ORIGIN = 'https://shop.example.test';
export const shopUrl = (page: string): string => `${SHOP_ORIGIN}/${page}`;

export interface CheckoutBrowser {
  context: BrowserContext;
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Requests to any host but the gateway (the merchant's pages excepted, which are navigations only). */
  readonly foreignRequests: string[];
  /** Script errors, CSP violations and console errors seen on any page. */
  readonly pageProblems: string[];
  close(): Promise<void>;
}

export interface BrowserOptions {
  javaScriptEnabled?: boolean;
}

/**
 * Debian's Chromium through playwright-core, with a fresh profile. Every request is checked: the
 * gateway's origin passes, a top-level navigation to the merchant's shop gets a stub page, anything
 * else is recorded and aborted, so a test can assert the checkout made no third-party request.
 */
export async function openCheckoutBrowser(
  gatewayUrl: string,
  options: BrowserOptions = {},
): Promise<CheckoutBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'checkout-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: PHONE,
    locale: 'en-US',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const gatewayOrigin = new URL(gatewayUrl).origin;
  const foreignRequests: string[] = [];
  const pageProblems: string[] = [];

  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin === gatewayOrigin || url.protocol === 'data:') return route.continue();
    if (url.origin === SHOP_ORIGIN && request.isNavigationRequest()) {
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Shop</title><h1>Back at the shop</h1><p>${url.pathname}</p></html>`,
      });
    }
    foreignRequests.push(`${request.method()} ${request.url()}`);
    return route.abort('blockedbyclient');
  });

  const watch = (page: Page) => {
    page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageProblems.push(`console error: ${message.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);

  return {
    context,
    foreignRequests,
    pageProblems,
    async newPage(viewport = PHONE) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      return page;
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface PageWeight {
  /** Bytes over the wire for the document and every resource it loaded (headers included). */
  bytes: number;
  requests: number;
  firstContentfulPaintMs: number | null;
  domContentLoadedMs: number;
  loadMs: number;
}

/** Navigation and resource timing of the page as loaded (call after `load`). */
export async function measurePage(page: Page): Promise<PageWeight> {
  // The first paint can come a moment after `load` in headless Chromium; give it that moment.
  await page
    .waitForFunction(
      () =>
        (
          globalThis as unknown as { performance: { getEntriesByName(name: string): unknown[] } }
        ).performance.getEntriesByName('first-contentful-paint').length > 0,
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  return page.evaluate(() => {
    // Runs in the page; typed structurally because the repository compiles without the DOM library.
    interface Timing {
      startTime: number;
      transferSize?: number;
      domContentLoadedEventEnd?: number;
      loadEventEnd?: number;
    }
    const timing = (
      globalThis as unknown as {
        performance: { getEntriesByType(type: string): Timing[]; getEntriesByName(name: string): Timing[] };
      }
    ).performance;
    const navigation = timing.getEntriesByType('navigation')[0];
    const resources = timing.getEntriesByType('resource');
    const paint = timing.getEntriesByName('first-contentful-paint')[0];
    return {
      bytes:
        (navigation?.transferSize ?? 0) +
        resources.reduce((sum, entry) => sum + (entry.transferSize ?? 0), 0),
      requests: 1 + resources.length,
      firstContentfulPaintMs: paint ? Math.round(paint.startTime) : null,
      domContentLoadedMs: Math.round(navigation?.domContentLoadedEventEnd ?? 0),
      loadMs: Math.round(navigation?.loadEventEnd ?? 0),
    };
  });
}

export function describeWeight(label: string, weight: PageWeight): string {
  return `${label}: ${(weight.bytes / 1024).toFixed(1)} KiB in ${weight.requests} requests, first contentful paint ${
    weight.firstContentfulPaintMs ?? 'n/a'
  } ms, DOMContentLoaded ${weight.domContentLoadedMs} ms, load ${weight.loadMs} ms`;
}
