/**
 * Screenshots of every dashboard page at desktop and phone width, for docs/screenshots/dashboard-*.png.
 * Runs the whole gateway in this process, signs in through the real form in Debian's Chromium.
 *
 *   npx tsx services/dashboard/scripts/screenshots.ts [output directory]
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createMerchant, createSubscriptionPlan, setMerchantWallet, subscribeToPlan } from '@gw/application';
import { startTestGateway } from '../../../test/support/gateway';
import { DESKTOP, PHONE, openCheckoutBrowser } from '../../../test/browser/support/browser';
import { CheckoutFixtures } from '../../../test/browser/support/checkout-fixtures';
import { signIn } from '../../../test/browser/support/dashboard-browser';

const SIZES = { desktop: DESKTOP, phone: PHONE } as const;
/** BIP84's published test account: anyone can spend from it, so it is fit for pictures only. */
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

async function main(outputDir: string): Promise<void> {
  await mkdir(outputDir, { recursive: true });
  const gateway = await startTestGateway();
  const browser = await openCheckoutBrowser(gateway.baseUrl);
  try {
    const bakery = await createMerchant(gateway.gateway.ctx, { name: 'Corner Bakery' });
    await setMerchantWallet(gateway.gateway.ctx, bakery.merchantId, 'btc', BIP84_ZPUB);
    const ctx = gateway.gateway.ctx;
    const plan = await createSubscriptionPlan(ctx, bakery.merchantId, {
      title: 'Bread of the week',
      amount: '12.50',
      currency: 'usd',
      interval_day: 7,
    });
    for (const email of ['ana@example.com', 'ben@example.com']) {
      await subscribeToPlan(ctx, bakery.merchantId, { subscription_plan_id: plan.planId, email });
    }
    const fixtures = new CheckoutFixtures(gateway, bakery);
    const orders = [
      { order_id: 'ORDER-2291', pay_currency: 'btc' },
      { order_id: 'ORDER-2292', pay_currency: 'ltc' },
      { order_id: 'ORDER-2293', pay_currency: 'eth' },
      // A shop whose webhook endpoint is down: its deliveries show the refused attempts.
      { order_id: 'ORDER-2294', pay_currency: 'usdttrc20', ipn_callback_url: 'http://127.0.0.1:9/ipn' },
    ];
    const payments = [];
    for (const order of orders) payments.push(await fixtures.createPayment(order));
    const paid = payments[3]!;
    await fixtures.pay(paid, { confirmations: 1 });
    await fixtures.pay(payments[1]!, { confirmations: 6 });

    for (const [size, viewport] of Object.entries(SIZES)) {
      const signInPage = await browser.newPage(viewport);
      await signInPage.goto(`${gateway.baseUrl}/dashboard/sign-in`);
      await shot(signInPage, outputDir, `dashboard-sign-in-${size}`);
      await signInPage.close();

      const page = await signIn(browser, gateway.baseUrl, bakery.apiKey, viewport);
      const pages: [string, string][] = [
        ['overview', '/dashboard'],
        ['payments', '/dashboard/payments'],
        ['payment', `/dashboard/payments/${paid.paymentId}`],
        ['webhooks', '/dashboard/webhooks'],
        ['wallets', '/dashboard/wallets'],
        ['subscriptions', '/dashboard/subscriptions'],
        ['settings', '/dashboard/settings'],
      ];
      for (const [name, url] of pages) {
        await page.goto(`${gateway.baseUrl}${url}`);
        await shot(page, outputDir, `dashboard-${name}-${size}`);
      }
      // Live: a payment made while the list is open slots in on top, tinted, and is announced.
      await page.goto(`${gateway.baseUrl}/dashboard/payments`);
      const fresh = await fixtures.createPayment({ order_id: `ORDER-LIVE-${size}`, pay_currency: 'btc' });
      await page.locator(`tbody tr[data-payment-id="${fresh.paymentId}"]`).waitFor();
      await page.locator('[data-live-announce]', { hasText: `New payment ${fresh.paymentId}` }).waitFor();
      await shot(page, outputDir, `dashboard-payments-live-${size}`);
      await page.goto(`${gateway.baseUrl}/dashboard/webhooks`);
      const delivery = page.locator('tbody a[href^="/dashboard/webhooks/"]').first();
      if ((await delivery.count()) > 0) {
        await delivery.click();
        await page.waitForURL(/\/dashboard\/webhooks\/.+/);
        await shot(page, outputDir, `dashboard-webhook-${size}`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await gateway.stop();
  }
}

async function shot(page: Page, outputDir: string, name: string): Promise<void> {
  await page.screenshot({ path: path.join(outputDir, `${name}.png`), fullPage: true });
  process.stdout.write(`wrote ${name}.png\n`);
}

main(path.resolve(process.argv[2] ?? 'docs/screenshots')).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
