import type { MerchantKeys } from '@gw/application';
import { COLLECTIONS, type MerchantDocument, type PaymentDocument } from '@gw/views';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { admin } from '../e2e/v1/v1-client';
import { eventually } from '../e2e/notifier/support/notifier-harness';
import { DESKTOP, PHONE, openCheckoutBrowser, type CheckoutBrowser } from './support/browser';
import { CheckoutFixtures } from './support/checkout-fixtures';
import { csrfTokenOf, signIn, unlabelledControls } from './support/dashboard-browser';

jest.setTimeout(120_000);

/** BIP84's published test vector: the account zpub of its test mnemonic and its first receive addresses. */
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BIP84_FIRST_ADDRESSES = [
  'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
];

/**
 * Trezor's published Tron vectors (trezor-firmware common/tests/fixtures/tron/get_address.json): the
 * account xpub at m/44'/195'/0' of the all-"all" seed, and the first addresses a Trezor shows for it.
 */
const TREZOR_TRON_XPUB =
  'xpub6DCWphzD1URX6NLY4bzJQoNz3Ja14ueGphAz3c7XdzyfR3hbsv4XybKuXVPSGFiASvcugTyiJrQyw5u33izp6rB1W9fgZM4ugKQJQBcEFo8';
const TREZOR_TRON_FIRST_ADDRESSES = [
  'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
  'TFz2CJn9CJb8C4i1Gke3jmZX2fRMJxniH2',
  'TQSw9qVAigRwfgPdf7aW4wxbG9tFitexg2',
];

const PROVOKED =
  /^console error: Failed to load resource: the server responded with a status of (401|404|422)/;

let gateway: TestGateway;
let merchantA: MerchantKeys;
let merchantB: MerchantKeys;
let browser: CheckoutBrowser;

const merchantDocument = (merchantId: string) =>
  gateway.gateway.ctx.readModels.collection<MerchantDocument>(COLLECTIONS.merchants).get(merchantId);

beforeAll(async () => {
  // This file signs in more often than the default ten a minute from one address; the limit itself is
  // tested in dashboard.browser.test.ts.
  gateway = await startTestGateway({ env: { DASHBOARD_SIGN_IN_LIMIT: '100' } });
  merchantA = gateway.demoMerchant;
  merchantB = await gateway.createMerchant('Merchant B');
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

describe('wallet setup', () => {
  it('refuses a key that is not one, then shows the right first addresses of the one set', async () => {
    const page = await signIn(browser, gateway.baseUrl, merchantA.apiKey, PHONE);
    await page.getByRole('link', { name: 'Wallets' }).click();
    await page.waitForURL(/\/dashboard\/wallets$/);
    expect(await unlabelledControls(page)).toEqual([]);

    await page.getByLabel('Extended public key').first().fill('xpub-not-a-key');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/dashboard/wallets/btc')),
      page.getByRole('button', { name: 'Set wallet' }).first().click(),
    ]);
    expect(refused.status()).toBe(422);
    expect(await page.getByRole('alert').innerText()).not.toBe('');

    await page.getByLabel('Extended public key').first().fill(BIP84_ZPUB);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/dashboard/wallets/btc') && r.status() === 200),
      page.getByRole('button', { name: 'Set wallet' }).first().click(),
    ]);
    const shown = await page.locator('ol.first-addresses li').allInnerTexts();
    expect(shown.slice(0, 2)).toEqual(BIP84_FIRST_ADDRESSES);
    expect(await page.getByRole('status').first().innerText()).toContain('BTC wallet is set');

    await eventually(async () =>
      (await merchantDocument(merchantA.merchantId))?.wallets?.btc ? true : undefined,
    );
    await page.goto(`${gateway.baseUrl}/dashboard/wallets`);
    expect((await page.locator('ol.first-addresses li').allInnerTexts()).slice(0, 2)).toEqual(
      BIP84_FIRST_ADDRESSES,
    );
    await page.close();
  });

  it("sets a trx wallet from the account xpub at m/44'/195'/0' and shows the T… addresses a Trezor shows", async () => {
    const merchant = await gateway.createMerchant('Merchant taking Tron');
    const page = await signIn(browser, gateway.baseUrl, merchant.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/wallets`);
    const trxPanel = page.locator('section[aria-labelledby="wallet-trx-title"]');
    // Most buyers pay a Tron wallet in Tether: the panel says the one key takes both.
    expect(await trxPanel.locator('[data-paid-in]').innerText()).toBe(
      'Paid in TRX on Tron, USDT on Tron (TRC-20)',
    );
    await trxPanel.getByLabel('Extended public key').fill(TREZOR_TRON_XPUB);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/dashboard/wallets/trx') && r.status() === 200),
      trxPanel.getByRole('button', { name: 'Set wallet' }).click(),
    ]);
    expect(await page.getByRole('status').first().innerText()).toContain('TRX wallet is set');
    const shown = await page
      .locator('section[aria-labelledby="wallet-trx-title"] ol.first-addresses li')
      .allInnerTexts();
    expect(shown.slice(0, 3)).toEqual(TREZOR_TRON_FIRST_ADDRESSES);
    await page.close();
  });

  it('removes a wallet after a confirmation; the chain then has none', async () => {
    const merchant = await gateway.createMerchant('Merchant removing its wallet');
    const page = await signIn(browser, gateway.baseUrl, merchant.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/wallets`);
    await page.getByLabel('Extended public key').first().fill(BIP84_ZPUB);
    await page.getByRole('button', { name: 'Set wallet' }).first().click();
    await page.getByText('BTC wallet is set').waitFor();

    const btcPanel = page.locator('section[aria-labelledby="wallet-btc-title"]');
    await btcPanel.getByRole('button', { name: 'Remove wallet' }).click();
    // Unconfirmed, the browser does not send the form: the wallet stays.
    expect((await merchantDocument(merchant.merchantId))?.wallets?.btc).toBeDefined();
    await btcPanel.getByLabel('New btc payments are refused until I set a wallet again').check();
    await btcPanel.getByRole('button', { name: 'Remove wallet' }).click();
    await page.getByText('The BTC wallet is removed').waitFor();
    expect((await merchantDocument(merchant.merchantId))?.wallets?.btc).toBeUndefined();
    expect(await btcPanel.locator('ol.first-addresses').count()).toBe(0);
    await page.goto(`${gateway.baseUrl}/dashboard/wallets`);
    expect(await page.locator('section[aria-labelledby="wallet-btc-title"] ol.first-addresses').count()).toBe(
      0,
    );
    await page.close();
  });

  it("never shows merchant A's wallet to merchant B", async () => {
    await eventually(async () =>
      (await merchantDocument(merchantA.merchantId))?.wallets?.btc ? true : undefined,
    );
    const page = await signIn(browser, gateway.baseUrl, merchantB.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/wallets`);
    const content = await page.content();
    expect(content).not.toContain(BIP84_ZPUB);
    expect(content).not.toContain(BIP84_FIRST_ADDRESSES[0]);
    await page.goto(`${gateway.baseUrl}/dashboard/settings`);
    expect(await page.content()).not.toContain(merchantA.apiKey);
    await page.close();
  });
});

describe('settings', () => {
  it('save the coins a merchant accepts', async () => {
    const page = await signIn(browser, gateway.baseUrl, merchantB.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/settings`);
    expect(await unlabelledControls(page)).toEqual([]);
    await page.getByLabel('Only the coins ticked below').check();
    await page.getByLabel('Bitcoin (btc)').check();
    await page.getByLabel('Litecoin (ltc)').check();
    await page.getByRole('button', { name: 'Save coins' }).click();
    await page.getByText('Coins saved.').waitFor();
    await eventually(async () => {
      const merchant = await merchantDocument(merchantB.merchantId);
      return merchant?.enabledCoins?.join(',') === 'btc,ltc' ? true : undefined;
    });
    await page.close();
  });

  it('edit the outcome currency, checked against the catalogue as the admin API checks it', async () => {
    const merchant = await gateway.createMerchant('Outcome currency merchant');
    const page = await signIn(browser, gateway.baseUrl, merchant.apiKey, PHONE);
    await page.goto(`${gateway.baseUrl}/dashboard/settings`);
    const field = page.getByRole('textbox', { name: 'Outcome currency', exact: true });
    await field.fill('zzz');
    await page.getByRole('button', { name: 'Save outcome currency' }).click();
    await page.getByRole('alert').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby'))!.split(' ');
    const problem = describedBy.find((id) => id.endsWith('-problem'))!;
    expect(await page.locator(`#${problem}`).innerText()).toBe(
      'outcome_currency "zzz" is not a known currency',
    );
    expect((await merchantDocument(merchant.merchantId))?.outcomeCurrency).toBeNull();

    await field.fill('USDTTRC20');
    await page.getByRole('button', { name: 'Save outcome currency' }).click();
    await page.getByText('Outcome currency saved.').waitFor();
    expect((await merchantDocument(merchant.merchantId))?.outcomeCurrency).toBe('usdttrc20');
    expect(await page.locator('#outcome-title + p strong').innerText()).toBe('usdttrc20');

    await page.getByRole('textbox', { name: 'Outcome currency', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save outcome currency' }).click();
    await page.getByText('Outcome currency saved.').waitFor();
    expect((await merchantDocument(merchant.merchantId))?.outcomeCurrency).toBeNull();
    await page.close();
  });

  it('rotate the API key after a confirmation, show the new one once, and the old one stops opening the dashboard', async () => {
    const merchant = await gateway.createMerchant('Rotating merchant');
    const page = await signIn(browser, gateway.baseUrl, merchant.apiKey, DESKTOP);
    await page.goto(`${gateway.baseUrl}/dashboard/settings`);

    const unconfirmed = await browser.context.request.post(
      `${gateway.baseUrl}/dashboard/settings/keys/api-key/rotate`,
      {
        form: { csrf: (await csrfTokenOf(page))! },
      },
    );
    expect(unconfirmed.status()).toBe(422);

    const apiKeyForm = page.locator('form[action="/dashboard/settings/keys/api-key/rotate"]');
    await apiKeyForm.getByLabel('I understand the current value stops working').check();
    await apiKeyForm.getByRole('button', { name: 'Rotate' }).click();
    const secret = page.locator('[data-secret]');
    await secret.waitFor();
    const newKey = await secret.innerText();
    expect(newKey).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(newKey).not.toBe(merchant.apiKey);
    // Shown in the answer to the post alone (no-store): opening the page again shows it no more.
    await page.goto(`${gateway.baseUrl}/dashboard/settings`);
    expect(await page.locator('[data-secret]').count()).toBe(0);

    await eventually(async () => {
      const stored = await merchantDocument(merchant.merchantId);
      return stored && stored.apiKeyHash !== undefined && (await signInStatus(merchant.apiKey)) === 401
        ? true
        : undefined;
    });
    expect(await signInStatus(newKey)).toBe(303);
    await page.close();
  });
});

describe('a rotated API key ends the sessions it opened', () => {
  it('sends the other session of the old key to the sign-in, while the session that rotated goes on', async () => {
    const merchant = await gateway.createMerchant('Merchant with two browsers');
    const elsewhere = await openCheckoutBrowser(gateway.baseUrl);
    try {
      const sessionA = await signIn(elsewhere, gateway.baseUrl, merchant.apiKey, PHONE);
      const rotating = await signIn(browser, gateway.baseUrl, merchant.apiKey, DESKTOP);
      await rotating.goto(`${gateway.baseUrl}/dashboard/settings`);
      const apiKeyForm = rotating.locator('form[action="/dashboard/settings/keys/api-key/rotate"]');
      await apiKeyForm.getByLabel('I understand the current value stops working').check();
      await apiKeyForm.getByRole('button', { name: 'Rotate' }).click();
      await rotating.locator('[data-secret]').waitFor();

      await sessionA.goto(`${gateway.baseUrl}/dashboard/payments`);
      expect(new URL(sessionA.url()).pathname).toBe('/dashboard/sign-in');
      // Ended, not just turned away: its cookie is gone from the browser.
      expect((await elsewhere.context.cookies()).map(({ name }) => name)).not.toContain('dashboard_session');

      await rotating.goto(`${gateway.baseUrl}/dashboard/settings`);
      expect(new URL(rotating.url()).pathname).toBe('/dashboard/settings');

      // A rotation through the admin API (what `gateway merchant rotate` calls) ends it just the same.
      const rotated = await admin(gateway, 'POST', `/merchants/${merchant.merchantId}/keys/api-key/rotate`);
      expect(rotated.status).toBe(200);
      await rotating.goto(`${gateway.baseUrl}/dashboard/payments`);
      expect(new URL(rotating.url()).pathname).toBe('/dashboard/sign-in');
      await rotating.close();
    } finally {
      await elsewhere.close();
    }
  });

  it('rotates the IPN secret after a confirmation, shows it once, and keeps the session', async () => {
    const merchant = await gateway.createMerchant('Merchant rotating its IPN secret');
    const page = await signIn(browser, gateway.baseUrl, merchant.apiKey, PHONE);
    await page.goto(`${gateway.baseUrl}/dashboard/settings`);
    const ipnForm = page.locator('form[action="/dashboard/settings/keys/ipn-secret/rotate"]');
    await ipnForm.getByRole('button', { name: 'Rotate' }).click();
    // The confirmation is required in the browser too: the unticked form is not sent.
    expect(await page.locator('[data-secret]').count()).toBe(0);
    await ipnForm.getByLabel('I understand the current value stops working').check();
    await ipnForm.getByRole('button', { name: 'Rotate' }).click();
    const newSecret = await page.locator('[data-secret]').innerText();
    expect(newSecret).not.toBe(merchant.ipnSecret);
    const stored = await merchantDocument(merchant.merchantId);
    expect(gateway.gateway.ctx.secrets.open(stored!.ipnSecretCipher, merchant.merchantId)).toBe(newSecret);
    await page.goto(`${gateway.baseUrl}/dashboard/settings`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/settings');
    expect(await page.locator('[data-secret]').count()).toBe(0);
    await page.close();
  });
});

describe('marking a payment refunded', () => {
  it("marks the merchant's finished payment refunded after a confirmation; another merchant's session cannot", async () => {
    const merchant = await gateway.createMerchant('Refunding merchant');
    const fixtures = new CheckoutFixtures(gateway, merchant);
    const created = await fixtures.createPayment({ order_id: 'REFUND-1' });
    await fixtures.pay(created, { confirmations: 6 });
    const payments = gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    const statusOf = async () => (await payments.findOne({ paymentId: created.paymentId }))?.status;
    await eventually(async () => ((await statusOf()) === 'finished' ? true : undefined));

    const intruder = await signIn(browser, gateway.baseUrl, merchantB.apiKey, DESKTOP);
    const forged = await browser.context.request.post(
      `${gateway.baseUrl}/dashboard/payments/${created.paymentId}/refund`,
      { form: { csrf: (await csrfTokenOf(intruder))!, confirm: 'yes' }, maxRedirects: 0 },
    );
    expect(forged.status()).toBe(404);
    expect(await statusOf()).toBe('finished');
    await intruder.close();

    const page = await signIn(browser, gateway.baseUrl, merchant.apiKey, PHONE);
    await page.goto(`${gateway.baseUrl}/dashboard/payments/${created.paymentId}`);
    expect(await unlabelledControls(page)).toEqual([]);
    await page.getByText('Mark refunded by hand').click();
    await page.getByLabel('Refund transaction hash (optional)').fill('refund-tx-1');
    await page.getByLabel('I have sent the money back; mark this payment refunded for good').check();
    await Promise.all([
      page.waitForURL(new RegExp(`/dashboard/payments/${created.paymentId}$`)),
      page.getByRole('button', { name: 'Mark refunded' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('refunded');
    expect(await statusOf()).toBe('refunded');
    // Refunded for good: the form is gone.
    expect(await page.getByRole('button', { name: 'Mark refunded' }).count()).toBe(0);
    await page.close();
  });
});

describe('asking for a refund', () => {
  it("shows the merchant what to send, with a QR code of the payment URI; another merchant's session cannot ask", async () => {
    const merchant = await gateway.createMerchant('Refund-requesting merchant');
    const fixtures = new CheckoutFixtures(gateway, merchant);
    const created = await fixtures.createPayment({ order_id: 'REFUND-REQUEST-1' });
    await fixtures.pay(created, { confirmations: 6 });
    const payments = gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    const paymentOf = async () => payments.findOne({ paymentId: created.paymentId });
    const paid = await eventually(async () => {
      const payment = await paymentOf();
      return payment?.status === 'finished' ? payment : undefined;
    });
    const address = REFUND_ADDRESSES[paid.payNetwork] ?? REFUND_ADDRESSES.eth!;

    const intruder = await signIn(browser, gateway.baseUrl, merchantB.apiKey, DESKTOP);
    const forged = await browser.context.request.post(
      `${gateway.baseUrl}/dashboard/payments/${created.paymentId}/refund-request`,
      { form: { csrf: (await csrfTokenOf(intruder))!, address }, maxRedirects: 0 },
    );
    expect(forged.status()).toBe(404);
    const qrOfOther = await browser.context.request.get(
      `${gateway.baseUrl}/dashboard/payments/${created.paymentId}/refund-qr.svg`,
    );
    expect(qrOfOther.status()).toBe(404);
    expect((await paymentOf())?.refund ?? null).toBeNull();
    await intruder.close();

    const page = await signIn(browser, gateway.baseUrl, merchant.apiKey, PHONE);
    await page.goto(`${gateway.baseUrl}/dashboard/payments/${created.paymentId}`);
    expect(await unlabelledControls(page)).toEqual([]);
    await page.getByLabel(`The buyer's ${paid.payNetwork} address`).fill(address);
    await Promise.all([
      page.waitForURL(new RegExp(`/dashboard/payments/${created.paymentId}$`)),
      page.getByRole('button', { name: 'Request refund' }).click(),
    ]);
    expect(await page.locator('[data-refund-address]').innerText()).toBe(address);
    expect(await page.locator('[data-refund-amount]').innerText()).toBe(paid.actuallyPaid);
    const uri = await page.locator('[data-refund-uri]').getAttribute('href');
    expect(uri).toContain(address);
    const qr = await page.request.get(
      `${gateway.baseUrl}/dashboard/payments/${created.paymentId}/refund-qr.svg`,
    );
    expect(qr.status()).toBe(200);
    expect(qr.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(
      await page
        .locator('img[src$="/refund-qr.svg"]')
        .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    expect((await paymentOf())?.status).toBe('finished');
    await page.close();
  });
});

/** A buyer's address on each network a test payment may be made in. */
const REFUND_ADDRESSES: Record<string, string> = {
  btc: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  eth: '0x52908400098527886E0F7030069857D2E4169EE7',
  trx: 'TDD97yguPESTpcrJMqU6h2ozZbibv4Vaqm',
  tron: 'TDD97yguPESTpcrJMqU6h2ozZbibv4Vaqm',
};

/** What the sign-in answers for a key, through a fresh form (its own double-submit token). */
async function signInStatus(key: string): Promise<number> {
  const fresh = await openCheckoutBrowser(gateway.baseUrl);
  try {
    const form = await fresh.newPage(DESKTOP);
    await form.goto(`${gateway.baseUrl}/dashboard/sign-in`);
    await form.getByLabel('API key or admin token').fill(key);
    const [response] = await Promise.all([
      form.waitForResponse((r) => r.url().endsWith('/dashboard/sign-in') && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    return response.status();
  } finally {
    await fresh.close();
  }
}
