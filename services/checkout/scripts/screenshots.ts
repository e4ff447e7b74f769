/**
 * Screenshots of every checkout state at desktop and phone width, for docs/screenshots/.
 * Runs the whole gateway in this process on a manual clock, drives the real pages in Debian's Chromium.
 *
 *   npx tsx services/checkout/scripts/screenshots.ts [output directory]
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { subtract } from '@gw/domain';
import { ManualClock } from '@gw/platform';
import { createMerchant } from '@gw/application';
import type { PaymentDocument } from '@gw/views';
import { startTestGateway, type TestGateway } from '../../../test/support/gateway';
import {
  DESKTOP,
  PHONE,
  openCheckoutBrowser,
  shopUrl,
  type CheckoutBrowser,
} from '../../../test/browser/support/browser';
import { CheckoutFixtures } from '../../../test/browser/support/checkout-fixtures';

const SIZES = { desktop: DESKTOP, phone: PHONE } as const;
const UUID_PATH = /\/pay\/([0-9a-f-]{36})$/;

async function main(outputDir: string): Promise<void> {
  await mkdir(outputDir, { recursive: true });
  const clock = new ManualClock(new Date());
  const gateway = await startTestGateway({ clock });
  const browser = await openCheckoutBrowser(gateway.baseUrl);
  try {
    const bakery = await createMerchant(gateway.gateway.ctx, {
      name: 'Corner Bakery',
      enabledCoins: ['btc', 'eth', 'usdttrc20', 'usdc', 'ltc', 'sol', 'trx', 'doge', 'xmr', 'ton'],
    });
    const fixtures = new CheckoutFixtures(gateway, bakery);
    const shot = screenshotter(gateway, browser, outputDir);
    const newInvoice = () =>
      fixtures.createInvoice({
        price_amount: 42.5,
        order_id: 'ORDER-2291',
        order_description: 'Two sourdough loaves and a rye',
        success_url: shopUrl('thanks'),
        cancel_url: shopUrl('cart'),
        partially_paid_url: shopUrl('partial'),
      });
    const newPayment = async (code: string): Promise<PaymentDocument> => {
      const invoiceId = await newInvoice();
      const page = await browser.newPage(PHONE);
      await page.goto(`${gateway.baseUrl}/invoice/${invoiceId}`);
      await page.locator(`#coin-${code}`).check();
      await Promise.all([
        page.waitForURL(UUID_PATH),
        page.getByRole('button', { name: 'Continue to payment' }).click(),
      ]);
      const uuid = UUID_PATH.exec(new URL(page.url()).pathname)?.[1] ?? '';
      await page.close();
      return fixtures.payment(uuid);
    };

    const pickInvoice = await newInvoice();
    await shot('invoice-pick', `/invoice/${pickInvoice}`, async (page) => {
      await page.locator('#coin-btc').check();
    });

    const waiting = await newPayment('btc');
    await shot('waiting', `/pay/${waiting.uuid}`);

    const confirming = await newPayment('usdttrc20');
    const txHash = await fixtures.pay(confirming, { confirmations: 0 });
    await fixtures.confirm(confirming, txHash, confirming.payAmount, 7);
    await fixtures.paymentIn(confirming.uuid, 'confirming');
    await shot('confirming', `/pay/${confirming.uuid}`);

    const paid = await newPayment('ltc');
    await fixtures.pay(paid, { confirmations: paid.requiredConfirmations });
    await fixtures.paymentIn(paid.uuid, 'confirmed').catch(() => fixtures.paymentIn(paid.uuid, 'finished'));
    await shot('paid', `/pay/${paid.uuid}`);

    const partial = await newPayment('eth');
    await fixtures.pay(partial, { amount: subtract(partial.payAmount, '0.004'), confirmations: 12 });
    await fixtures.paymentIn(partial.uuid, 'partially_paid');
    await shot('partially-paid', `/pay/${partial.uuid}`);

    const expired = await newPayment('sol');
    clock.set(Date.parse(expired.expiresAt) + 1_000);
    await fixtures.expire(expired);
    await fixtures.paymentIn(expired.uuid, 'expired');
    await shot('expired', `/pay/${expired.uuid}`);

    await shot('not-found', '/pay/00000000-0000-4000-8000-000000000000');
    if (browser.foreignRequests.length > 0)
      throw new Error(`third-party requests: ${browser.foreignRequests.join(', ')}`);
  } finally {
    await browser.close();
    await gateway.stop();
  }
}

type PageStep = (page: import('playwright-core').Page) => Promise<void>;

function screenshotter(gateway: TestGateway, browser: CheckoutBrowser, outputDir: string) {
  return async (state: string, pagePath: string, prepare?: PageStep): Promise<void> => {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const page = await browser.newPage(viewport);
      await page.goto(`${gateway.baseUrl}${pagePath}`);
      // The status script applies its first answer right after load; shoot what the buyer then sees.
      await page.waitForLoadState('networkidle');
      await prepare?.(page);
      const file = path.join(outputDir, `${state}-${size}.png`);
      await page.screenshot({ path: file, fullPage: true });
      process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
      await page.close();
    }
  };
}

main(path.resolve(process.argv[2] ?? path.join(__dirname, '../../../docs/screenshots'))).catch(
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
