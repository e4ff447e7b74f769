import { loadConfig } from '@gw/platform';
import { invoiceIntakeFrom } from '../src/requests/invoice-intake';
import { BetaError } from '@gw/families';
import { curatedRates, merchantOf } from './support';
import { priceViews } from '@gw/domain/testing';

const rates = curatedRates();

/** The fixed snapshot only, judged at `now`. */
const pricesAt = (now: Date) => priceViews(rates, null, { now, maxAgeSeconds: 600 });
const sandboxOn = loadConfig({});
const NOW = new Date(rates.snapshot.takenAt);

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof BetaError) return { status: error.status, key: error.key, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('family B invoice → payment intake', () => {
  it('opens a fiat invoice in USDT on Tron with the upstream defaults', () => {
    const intake = invoiceIntakeFrom(
      { amount: '10.00', currency: 'USD' },
      merchantOf(),
      pricesAt(NOW),
      sandboxOn,
    );
    expect(intake).toMatchObject({
      family: 'beta',
      priceAmount: '10',
      priceCurrency: 'usd',
      payCurrency: 'usdttrc20',
      payAmount: rates.payAmountFor('10', 'usd', 'usdttrc20'),
      lifetimeSeconds: 3600,
      underpaidTolerancePercent: '0',
      isFeePaidByUser: false,
      sandboxCase: null,
      orderId: null,
      beta: {
        lifetimeMinutes: 60,
        feePaidByPayer: false,
        toCurrency: null,
        email: null,
        thanksMessage: null,
        description: null,
      },
    });
  });

  it('honours every field', () => {
    const intake = invoiceIntakeFrom(
      {
        amount: 100,
        currency: 'USDT',
        lifetime: 30,
        fee_paid_by_payer: '1',
        under_paid_coverage: 2.5,
        to_currency: 'usdt',
        callback_url: 'https://shop.example/cb',
        return_url: 'https://shop.example/done',
        email: 'buyer@shop.example',
        order_id: 1234,
        thanks_message: 'Thanks!',
        description: 'Order #1234',
        sandbox: true,
      },
      merchantOf(),
      pricesAt(NOW),
      sandboxOn,
    );
    expect(intake).toMatchObject({
      priceCurrency: 'usdttrc20',
      payCurrency: 'usdttrc20',
      payAmount: '101',
      lifetimeSeconds: 1800,
      underpaidTolerancePercent: '2.5',
      isFeePaidByUser: true,
      callbackUrl: 'https://shop.example/cb',
      redirectUrls: { success: 'https://shop.example/done', return: 'https://shop.example/done' },
      orderId: '1234',
      orderDescription: 'Order #1234',
      sandboxCase: 'success',
      beta: {
        lifetimeMinutes: 30,
        feePaidByPayer: true,
        toCurrency: 'USDT',
        email: 'buyer@shop.example',
        thanksMessage: 'Thanks!',
        description: 'Order #1234',
      },
    });
  });

  it('pays a crypto-priced invoice in that coin', () => {
    expect(
      invoiceIntakeFrom({ amount: '0.01', currency: 'BTC' }, merchantOf(), pricesAt(NOW), sandboxOn),
    ).toMatchObject({ payCurrency: 'btc', payAmount: '0.01' });
  });

  it.each([
    [{ currency: 'XYZ' }, { status: 400, key: 'currency', message: 'The selected currency is invalid.' }],
    [
      { to_currency: 'EUR' },
      { status: 400, key: 'to_currency', message: 'The selected to currency is invalid.' },
    ],
    [
      { amount: '0.5' },
      {
        status: 400,
        key: 'amount',
        message: expect.stringMatching(/^The amount is below the minimum payment of [\d.]+ USDT\.$/),
      },
    ],
  ])('refuses %j', (fields, expected) => {
    expect(
      refusal(() =>
        invoiceIntakeFrom(
          { amount: '10', currency: 'USD', ...fields },
          merchantOf(),
          pricesAt(NOW),
          sandboxOn,
        ),
      ),
    ).toEqual(expected);
  });

  it('refuses a sandbox invoice when the sandbox is disabled', () => {
    expect(
      refusal(() =>
        invoiceIntakeFrom(
          { amount: '10', currency: 'USD', sandbox: '1' },
          merchantOf(),
          pricesAt(NOW),
          loadConfig({ SANDBOX_ENABLED: 'false' }),
        ),
      ),
    ).toMatchObject({
      key: 'sandbox',
    });
  });

  it('opens in the first coin the merchant enabled, and refuses others', () => {
    expect(
      invoiceIntakeFrom({ amount: '50', currency: 'USD' }, merchantOf(['btc']), pricesAt(NOW), sandboxOn)
        .payCurrency,
    ).toBe('btc');
    expect(
      refusal(() =>
        invoiceIntakeFrom({ amount: '50', currency: 'LTC' }, merchantOf(['btc']), pricesAt(NOW), sandboxOn),
      ),
    ).toEqual({
      status: 400,
      key: 'currency',
      message: 'The currency LTC is not enabled for this merchant.',
    });
  });

  it('pays an invoice priced in a symbol on the first network of it the merchant takes, a code on exactly its own', () => {
    const ethereumUsdt = merchantOf(['usdterc20', 'eth']);
    const open = (currency: string) =>
      invoiceIntakeFrom({ amount: '25', currency }, ethereumUsdt, pricesAt(NOW), sandboxOn);
    expect(open('USDT')).toMatchObject({ priceCurrency: 'usdttrc20', payCurrency: 'usdterc20' });
    expect(open('usdterc20')).toMatchObject({ priceCurrency: 'usdterc20', payCurrency: 'usdterc20' });
    expect(open('USD')).toMatchObject({ priceCurrency: 'usd', payCurrency: 'usdterc20' });
    expect(refusal(() => open('usdttrc20'))).toEqual({
      status: 400,
      key: 'currency',
      message: 'The currency USDT is not enabled for this merchant.',
    });
  });
});
