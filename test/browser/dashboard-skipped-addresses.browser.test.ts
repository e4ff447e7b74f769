import { parseWatchOnlyWallet, receiveAddress } from '@gw/chain';
import { testAccountPublicKey } from '@gw/chain/testing';
import { v1Caller, type V1Payment } from '../support/chain/v1-calls';
import { startWatchedChain, type WatchedChain } from '../support/chain/watched-chain';
import { DESKTOP, openCheckoutBrowser, type CheckoutBrowser } from './support/browser';
import { signIn, unlabelledControls } from './support/dashboard-browser';

jest.setTimeout(120_000);

let chain: WatchedChain;
let browser: CheckoutBrowser;

beforeAll(async () => {
  chain = await startWatchedChain('btc', { requiredConfirmations: 1, coins: 1 });
  browser = await openCheckoutBrowser(chain.gateway.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await chain?.stop();
});

afterEach(() => {
  expect(browser.foreignRequests).toEqual([]);
  expect(browser.pageProblems).toEqual([]);
});

/**
 * The merchant's wallet app already received money at the wallet's next address: the gateway skips it,
 * and the wallet page lists it with the transaction the node named, so the merchant knows why the
 * handed-out addresses jump.
 */
it("lists the address skipped for its history on the merchant's wallet page", async () => {
  const wallet = parseWatchOnlyWallet(testAccountPublicKey(1, 'vpub'), 'btc', 'regtest');
  const used = receiveAddress(wallet, 0);
  const txid = await chain.wallet.pay([{ address: used, amount: 50_000_000n }]);
  await chain.node.mine(2);

  const call = v1Caller(
    () => chain.gateway.baseUrl,
    () => chain.gateway.demoMerchant.apiKey,
  );
  const payment = await call<V1Payment>('POST', '/v1/payment', {
    price_amount: 100,
    price_currency: 'usd',
    pay_currency: 'btc',
  });
  expect(payment.pay_address).toBe(receiveAddress(wallet, 1));
  await chain.events.first((e) => e.type === 'UsedPayAddressSkipped');

  const page = await signIn(browser, chain.gateway.baseUrl, chain.gateway.demoMerchant.apiKey, DESKTOP);
  await page.getByRole('link', { name: 'Wallets' }).click();
  await page.waitForURL(/\/dashboard\/wallets$/);
  const panel = page.locator('section[aria-labelledby="wallet-btc-title"]');
  await panel.getByRole('heading', { name: 'Skipped addresses' }).waitFor();
  const rows = panel.locator('table.skipped-addresses tbody tr');
  expect(await rows.count()).toBe(1);
  const cells = await rows.first().locator('td').allInnerTexts();
  expect(cells.slice(0, 3)).toEqual(['0', used, txid]);
  // The skipped address counts as used: the one handed out after it is the only unused one.
  expect(await panel.locator('dd', { hasText: 'wallet apps stop scanning' }).innerText()).toMatch(/^1 /);
  expect(await unlabelledControls(page)).toEqual([]);
});
