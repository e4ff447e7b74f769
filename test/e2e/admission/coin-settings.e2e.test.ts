import { randomUUID } from 'node:crypto';
import type { MerchantKeys } from '@gw/application';
import { newMerchant } from '../alpha/alpha-fixtures';
import { MerchantCalls, type Answer } from '../security/merchant-calls';
import { startTestGateway, type TestGateway } from '../../support/gateway';

type Verdict = 'admitted' | 'not enabled' | 'below minimum';

/** How each family names one coin and one price in it, and reads its verdict. */
interface Coin {
  code: string;
  v1: string;
  alpha: { to_currency: string; network: string };
  beta: string;
}

const BTC: Coin = { code: 'btc', v1: 'btc', alpha: { to_currency: 'BTC', network: 'btc' }, beta: 'BTC' };
const USDC: Coin = { code: 'usdc', v1: 'usdc', alpha: { to_currency: 'USDC', network: 'eth' }, beta: 'USDC' };
const LTC: Coin = { code: 'ltc', v1: 'ltc', alpha: { to_currency: 'LTC', network: 'ltc' }, beta: 'LTC' };

/**
 * One merchant's coin settings, written the way merchants write them (an upper-case code and an
 * alias), decide the same in every family: V1, family A, family B and the hosted invoice page.
 */
describe("a merchant's coin settings in every family", () => {
  let gateway: TestGateway;
  let shop: MerchantKeys;
  let calls: MerchantCalls;

  beforeAll(async () => {
    gateway = await startTestGateway();
    shop = await newMerchant(gateway, 'Two-coin shop', ['BTC', 'usdcerc20']);
    calls = new MerchantCalls(gateway.baseUrl, shop);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  const v1Verdict = (answer: Answer): Verdict | string => {
    if (answer.status === 201) return 'admitted';
    if (/is not enabled for this merchant/.test(answer.body.message)) return 'not enabled';
    if (/^amountTo is too small/.test(answer.body.message)) return 'below minimum';
    return `${answer.status} ${JSON.stringify(answer.body)}`;
  };
  const alphaVerdict = (answer: Answer): Verdict | string => {
    if (answer.status === 200 && answer.body.state === 0) return 'admitted';
    if (answer.status === 422 && /is not enabled for the merchant$/.test(answer.body.message))
      return 'not enabled';
    if (answer.status === 422 && /^Minimum amount is /.test(answer.body.message)) return 'below minimum';
    return `${answer.status} ${JSON.stringify(answer.body)}`;
  };
  const betaVerdict = (answer: Answer): Verdict | string => {
    if (answer.status === 200 && answer.body.status === 200) return 'admitted';
    const { key, message } = answer.body.error ?? {};
    if (answer.status === 400 && key === 'currency' && /is not enabled/.test(message)) return 'not enabled';
    if (answer.status === 400 && key === 'amount' && /below the minimum/.test(message))
      return 'below minimum';
    return `${answer.status} ${JSON.stringify(answer.body)}`;
  };

  /** Pays `usd` dollars' worth of `coin` in every family and returns each family's verdict. */
  async function verdicts(coin: Coin, usd: number, cryptoAmount: string) {
    const v1 = await calls.v1('POST', '/v1/payment', {
      price_amount: usd,
      price_currency: 'usd',
      pay_currency: coin.v1,
    });
    const alpha = await calls.alpha('/alpha/v1/payment', {
      amount: String(usd),
      currency: 'USD',
      ...coin.alpha,
      order_id: `coins-${randomUUID().slice(0, 8)}`,
    });
    const beta = await calls.beta('POST', '/beta/v1/payment/invoice', {
      amount: cryptoAmount,
      currency: coin.beta,
    });
    const checkout = await pickOnInvoicePage(usd, coin.code);
    return { v1: v1Verdict(v1), alpha: alphaVerdict(alpha), beta: betaVerdict(beta), checkout };
  }

  /** A V1 invoice's hosted page: which coins it offers, and what picking `code` does. */
  async function pickOnInvoicePage(usd: number, code: string): Promise<Verdict | string> {
    const invoice = await calls.v1('POST', '/v1/invoice', { price_amount: usd, price_currency: 'usd' });
    const page = await invoicePage(invoice.body.id);
    const offered = page.coins.find((coin) => coin.code === code);
    if (!offered) return 'not enabled';
    if (offered.disabled) return 'below minimum';
    const response = await fetch(`${gateway.baseUrl}/invoice/${invoice.body.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie },
      body: new URLSearchParams({ csrf: page.csrf, attempt: page.attempt, pay_currency: code }).toString(),
    });
    return response.status === 303 ? 'admitted' : `${response.status}`;
  }

  /** The page once the invoice reached the read model (a create is not yet readable at once everywhere). */
  async function invoicePage(invoiceId: string) {
    const deadline = Date.now() + 5_000;
    let response = await fetch(`${gateway.baseUrl}/invoice/${invoiceId}`);
    while (response.status === 404 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      response = await fetch(`${gateway.baseUrl}/invoice/${invoiceId}`);
    }
    expect(response.status).toBe(200);
    const html = await response.text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? '';
    const coins = [...html.matchAll(/<input\s+type="radio"\s+name="pay_currency"[^>]*>/g)].map(([input]) => ({
      code: /value="([^"]+)"/.exec(input)![1]!,
      disabled: /\sdisabled/.test(input),
    }));
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { coins, csrf: field('csrf'), attempt: field('attempt'), cookie };
  }

  it.each<[string, Coin, number, string, Verdict]>([
    ['admits a coin the merchant named in capitals', BTC, 50, '0.001', 'admitted'],
    ['admits a coin the merchant named by an alias', USDC, 50, '50', 'admitted'],
    ['refuses a coin the merchant did not name', LTC, 50, '1', 'not enabled'],
    ['refuses an amount below the coin minimum', BTC, 1, '0.00001', 'below minimum'],
  ])('%s, in every family', async (_name, coin, usd, cryptoAmount, verdict) => {
    expect(await verdicts(coin, usd, cryptoAmount)).toEqual({
      v1: verdict,
      alpha: verdict,
      beta: verdict,
      checkout: verdict,
    });
  });

  it('lists exactly the enabled coins wherever the merchant sees its coins', async () => {
    const v1 = await calls.v1('GET', '/v1/merchant/coins');
    expect(v1.body.selectedCurrencies.map((coin: { code: string }) => coin.code)).toEqual(['btc', 'usdc']);
    const services = await calls.alpha('/alpha/v1/payment/services', {});
    const available = services.body.result.filter(
      (service: { is_available: boolean }) => service.is_available,
    );
    expect(available.map((s: { currency: string; network: string }) => `${s.currency}/${s.network}`)).toEqual(
      ['BTC/btc', 'USDC/eth'],
    );
    const invoice = await calls.v1('POST', '/v1/invoice', { price_amount: 50, price_currency: 'usd' });
    const page = await invoicePage(invoice.body.id);
    expect(page.coins.map((coin) => coin.code)).toEqual(['btc', 'usdc']);
  });
});
