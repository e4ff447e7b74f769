import { loadConfig } from '@gw/platform';
import { v1Validators } from '@gw/contracts/api/v1';
import { CuratedPriceFeed, RatesService, curatedCatalogue } from '@gw/pricing';
import { invoiceTermsFrom } from '../src/requests/invoice-requests';
import { paymentIntakeFrom, type PaymentSettings } from '../src/requests/payment-requests';
import { flagOf } from '../src/requests/request-values';
import { merchantDocument } from './fixtures';
import { priceViews } from '@gw/domain/testing';

/** The curated prices are current at the moment they were taken. */
const NOW = new Date(curatedCatalogue.pricedAt);
const sandbox: PaymentSettings = loadConfig({});
/** Real money only: a bitcoin regtest node is watched, and the merchant has a wallet for it. */
const production: PaymentSettings = loadConfig({
  SANDBOX_ENABLED: 'false',
  PAYMENT_LIFETIME_MINUTES: '60',
  BTC_RPC_URL: 'http://127.0.0.1:1',
  BTC_CHAIN: 'regtest',
});
const walletMerchant = () => ({
  ...merchantDocument(),
  wallets: {
    btc: {
      network: 'btc',
      chainKind: 'regtest',
      extendedPublicKey: 'tpub-of-the-merchant',
      descriptor: 'wpkh(tpub-of-the-merchant/0/*)',
      keyId: 'merchant-key',
      setAt: '2026-01-01T00:00:00.000Z',
    },
  },
});
let rates: RatesService;

/** The fixed snapshot only, judged at `now`. */
const pricesAt = (now: Date) => priceViews(rates, null, { now, maxAgeSeconds: 600 });

beforeAll(async () => {
  rates = new RatesService(await new CuratedPriceFeed().snapshot());
});

function body(fields: Record<string, unknown>) {
  const result = v1Validators.createPayment.check(fields);
  if (!result.ok) throw new Error(result.problem.message);
  return result.value;
}

const base = { price_amount: 100, price_currency: 'USD', pay_currency: 'BTC' };

describe('a create-payment body becoming a payment intake', () => {
  it('keeps amounts exact and codes lowercase', () => {
    const intake = paymentIntakeFrom(
      body({ ...base, price_amount: '100.10' }),
      merchantDocument(),
      pricesAt(NOW),
      sandbox,
    );
    expect(intake).toMatchObject({
      priceAmount: '100.1',
      priceCurrency: 'usd',
      payCurrency: 'btc',
      family: 'v1',
      lifetimeSeconds: 86_400,
    });
    expect(intake.payAmount).toBe(rates.payAmountFor('100.1', 'usd', 'btc'));
  });

  it('uses the configured lifetime', () => {
    expect(paymentIntakeFrom(body(base), walletMerchant(), pricesAt(NOW), production).lifetimeSeconds).toBe(
      3600,
    );
  });

  it('takes fixed_rate as the old name of is_fixed_rate, and fee paid by user as a fixed rate', () => {
    expect(
      paymentIntakeFrom(body({ ...base, fixed_rate: 'True' }), merchantDocument(), pricesAt(NOW), sandbox)
        .isFixedRate,
    ).toBe(true);
    expect(
      paymentIntakeFrom(body({ ...base, is_fixed_rate: 0 }), merchantDocument(), pricesAt(NOW), sandbox)
        .isFixedRate,
    ).toBe(false);
    const feePaid = paymentIntakeFrom(
      body({ ...base, is_fee_paid_by_user: 'true' }),
      merchantDocument(),
      pricesAt(NOW),
      sandbox,
    );
    expect(feePaid).toMatchObject({ isFixedRate: true, isFeePaidByUser: true });
  });

  it('honours a pay_amount set by the merchant, exactly', () => {
    const intake = paymentIntakeFrom(
      body({ ...base, pay_amount: '0.00123457' }),
      merchantDocument(),
      pricesAt(NOW),
      sandbox,
    );
    expect(intake.payAmount).toBe('0.00123457');
  });

  it('refuses a pay_amount with more decimals than the coin has instead of rounding it', () => {
    expect(() =>
      paymentIntakeFrom(
        body({ ...base, pay_amount: '0.001234567891' }),
        merchantDocument(),
        pricesAt(NOW),
        sandbox,
      ),
    ).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: 'pay_amount has more than 8 decimals, the precision of btc',
      }),
    );
  });

  it('stringifies numeric order ids and reads purchase ids from digits', () => {
    const intake = paymentIntakeFrom(
      body({ ...base, order_id: 42, purchase_id: '777' }),
      merchantDocument(),
      pricesAt(NOW),
      sandbox,
    );
    expect(intake).toMatchObject({ orderId: '42', purchaseId: 777 });
  });

  it('passes the sandbox case on only when the sandbox is enabled', () => {
    expect(
      paymentIntakeFrom(body({ ...base, case: 'partially_paid' }), merchantDocument(), pricesAt(NOW), sandbox)
        .sandboxCase,
    ).toBe('partially_paid');
    expect(paymentIntakeFrom(body(base), merchantDocument(), pricesAt(NOW), sandbox).sandboxCase).toBeNull();
    expect(() =>
      paymentIntakeFrom(body({ ...base, case: 'success' }), walletMerchant(), pricesAt(NOW), production),
    ).toThrow('case is only accepted when the sandbox is enabled');
  });

  it('refuses unknown currencies naming the field', () => {
    expect(() =>
      paymentIntakeFrom(
        body({ ...base, pay_currency: 'doesnotexist' }),
        merchantDocument(),
        pricesAt(NOW),
        sandbox,
      ),
    ).toThrow('pay_currency "doesnotexist" is not a supported currency');
    expect(() =>
      paymentIntakeFrom(body({ ...base, price_currency: 'xyz' }), merchantDocument(), pricesAt(NOW), sandbox),
    ).toThrow('price_currency "xyz" is not a supported currency');
    expect(() =>
      paymentIntakeFrom(body({ ...base, pay_currency: 'eur' }), merchantDocument(), pricesAt(NOW), sandbox),
    ).toThrow('pay_currency "eur" is not a crypto currency');
  });

  it('refuses a coin the merchant did not enable', () => {
    const merchant = merchantDocument({ enabledCoins: ['eth'] });
    expect(() => paymentIntakeFrom(body(base), merchant, pricesAt(NOW), sandbox)).toThrow(
      'pay_currency "btc" is not enabled for this merchant',
    );
  });

  it('refuses a price below the minimum payment as upstream does', () => {
    expect(() =>
      paymentIntakeFrom(body({ ...base, price_amount: '0.01' }), merchantDocument(), pricesAt(NOW), sandbox),
    ).toThrow(/^amountTo is too small/);
  });

  it('checks a payout address against the payout network', () => {
    expect(() =>
      paymentIntakeFrom(
        body({ ...base, payout_address: 'not-an-address' }),
        merchantDocument(),
        pricesAt(NOW),
        sandbox,
      ),
    ).toThrow(/^payout_address is not a valid .* address for btc$/);
    expect(() =>
      paymentIntakeFrom(
        body({ ...base, payout_currency: 'nope', payout_address: 'x' }),
        merchantDocument(),
        pricesAt(NOW),
        sandbox,
      ),
    ).toThrow('payout_currency "nope" is not a supported currency');
    const accepted = paymentIntakeFrom(
      body({ ...base, payout_currency: 'eth', payout_address: '0x52908400098527886E0F7030069857D2E4169EE7' }),
      merchantDocument(),
      pricesAt(NOW),
      sandbox,
    );
    expect(accepted.payCurrency).toBe('btc');
  });
});

describe('create-payment body validation', () => {
  const problem = (fields: Record<string, unknown>) => {
    const result = v1Validators.createPayment.check(fields);
    return result.ok ? null : result.problem.message;
  };

  it.each([
    [{ price_currency: 'usd', pay_currency: 'btc' }, 'price_amount is required'],
    [{ price_amount: 1, pay_currency: 'btc' }, 'price_currency is required'],
    [{ price_amount: 1, price_currency: 'usd' }, 'pay_currency is required'],
    [{ ...base, price_amount: -5 }, 'price_amount must be a positive number'],
    [{ ...base, price_amount: '0' }, 'price_amount must be a positive number'],
    [{ ...base, price_amount: 'ten' }, 'price_amount must be a positive number'],
    [{ ...base, price_amount: true }, 'price_amount must be a positive number'],
    [{ ...base, pay_currency: 'b t c' }, 'pay_currency must be a currency code such as "btc" or "usd"'],
    [
      { ...base, ipn_callback_url: 'javascript:alert(1)' },
      'ipn_callback_url must be an absolute http(s) URL of at most 2048 characters',
    ],
    [{ ...base, order_id: 'x'.repeat(256) }, 'order_id must be a string of at most 255 characters'],
    [{ ...base, is_fixed_rate: 'yes' }, 'is_fixed_rate must be a boolean (true or false)'],
    [{ ...base, purchase_id: '0' }, 'purchase_id must be a positive integer'],
    [{ ...base, case: 'explode' }, 'case must be one of success, partially_paid, fail'],
    [{ ...base, pay_amount: 0 }, 'pay_amount must be a positive number'],
  ])('%j → %s', (fields, message) => {
    expect(problem(fields)).toBe(message);
  });

  it('accepts the wire forms real clients send', () => {
    expect(
      problem({
        ...base,
        price_amount: '10.00',
        is_fixed_rate: 'False',
        is_fee_paid_by_user: 1,
        ipn_callback_url: '',
        order_id: null,
      }),
    ).toBeNull();
  });
});

describe('flags', () => {
  it.each([
    [true, true],
    ['true', true],
    ['True', true],
    [1, true],
    ['1', true],
    [false, false],
    ['False', false],
    [0, false],
    ['0', false],
    [undefined, false],
    [null, false],
  ])('%j is %s', (value, expected) => {
    expect(flagOf(value)).toBe(expected);
  });
});

describe('a create-invoice body becoming invoice terms', () => {
  const now = new Date('2025-03-01T10:00:00.000Z');
  const invoiceBody = (fields: Record<string, unknown>) => {
    const result = v1Validators.createInvoice.check(fields);
    if (!result.ok) throw new Error(result.problem.message);
    return result.value;
  };

  it('defaults flags to false and the pay currency to null', () => {
    const terms = invoiceTermsFrom(
      invoiceBody({ price_amount: 1000, price_currency: 'usd' }),
      merchantDocument(),
      sandbox,
      pricesAt(now),
    );
    expect(terms).toMatchObject({
      priceAmount: '1000',
      payCurrency: null,
      isFixedRate: false,
      isFeePaidByUser: false,
      collectUserData: false,
      merchantId: 'merchant-1',
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    expect(terms.invoiceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(terms.tokenId).toMatch(/^[A-Za-z0-9_-]{8,}$/);
  });

  it('echoes redirect URLs and pre-selects a pay currency', () => {
    const terms = invoiceTermsFrom(
      invoiceBody({
        price_amount: '25.5',
        price_currency: 'eur',
        pay_currency: 'USDTTRC20',
        success_url: 'https://s.example/ok',
        cancel_url: 'https://s.example/no',
      }),
      merchantDocument(),
      sandbox,
      pricesAt(now),
    );
    expect(terms).toMatchObject({
      priceAmount: '25.5',
      priceCurrency: 'eur',
      payCurrency: 'usdttrc20',
      successUrl: 'https://s.example/ok',
      cancelUrl: 'https://s.example/no',
    });
  });
});
