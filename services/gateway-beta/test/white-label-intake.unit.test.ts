import { loadConfig } from '@gw/platform';
import { BetaError } from '@gw/families';
import { priceViews } from '@gw/domain/testing';
import { whiteLabelIntakeFrom } from '../src/requests/white-label-intake';
import { invoiceIntakeFrom } from '../src/requests/invoice-intake';
import { curatedRates, merchantOf } from './support';

const rates = curatedRates();
const NOW = new Date(rates.snapshot.takenAt);
const prices = priceViews(rates, null, { now: NOW, maxAgeSeconds: 600 });
const settings = loadConfig({});

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof BetaError) return { status: error.status, key: error.key, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('family B white-label → payment intake', () => {
  it('is a white_label payment in the named coin, its amount in US dollars by default', () => {
    const intake = whiteLabelIntakeFrom({ pay_currency: 'BTC', amount: 50 }, merchantOf(), prices, settings);
    expect(intake).toMatchObject({
      family: 'beta',
      kind: 'white_label',
      priceAmount: '50',
      priceCurrency: 'usd',
      payCurrency: 'btc',
      payAmount: rates.payAmountFor('50', 'usd', 'btc'),
      lifetimeSeconds: 3600,
      sandboxCase: null,
    });
  });

  it('is admitted as the invoice with the same price and coin is', () => {
    const merchant = merchantOf(['btc', 'usdterc20']);
    const whiteLabel = whiteLabelIntakeFrom(
      { pay_currency: 'USDT', amount: '20', currency: 'EUR', lifetime: 30, fee_paid_by_payer: 1 },
      merchant,
      prices,
      settings,
    );
    const invoice = invoiceIntakeFrom(
      { amount: '20', currency: 'EUR', lifetime: 30, fee_paid_by_payer: 1 },
      merchant,
      prices,
      settings,
    );
    expect(whiteLabel).toMatchObject({
      kind: 'white_label',
      priceCurrency: 'eur',
      payCurrency: 'usdterc20',
      payAmount: invoice.payAmount,
      lifetimeSeconds: 1800,
      isFeePaidByUser: invoice.isFeePaidByUser,
    });
    expect(invoice.kind).toBe('invoice');
  });

  it('pays on the named network, by name, alias or code', () => {
    const open = (network: string) =>
      whiteLabelIntakeFrom({ pay_currency: 'USDT', amount: 100, network }, merchantOf(), prices, settings)
        .payCurrency;
    expect(open('ERC20')).toBe('usdterc20');
    expect(open('Tron')).toBe('usdttrc20');
    expect(open('bsc')).toBe('usdtbsc');
  });

  it('records every field the merchant gave', () => {
    expect(
      whiteLabelIntakeFrom(
        {
          pay_currency: 'LTC',
          amount: '12.5',
          currency: 'USD',
          under_paid_coverage: 1.5,
          callback_url: 'https://shop.example/cb',
          email: 'buyer@shop.example',
          order_id: 'top-up-7',
          description: 'VPN, one month',
        },
        merchantOf(),
        prices,
        settings,
      ),
    ).toMatchObject({
      payCurrency: 'ltc',
      underpaidTolerancePercent: '1.5',
      callbackUrl: 'https://shop.example/cb',
      orderId: 'top-up-7',
      orderDescription: 'VPN, one month',
      beta: { email: 'buyer@shop.example', description: 'VPN, one month', lifetimeMinutes: 60 },
    });
  });

  it.each([
    [
      { pay_currency: 'XYZ' },
      { status: 400, key: 'pay_currency', message: 'The selected pay currency is invalid.' },
    ],
    [
      { pay_currency: 'BTC', network: 'Tron' },
      { status: 400, key: 'network', message: 'The selected network is invalid.' },
    ],
    [
      { pay_currency: 'BTC', currency: 'XYZ' },
      { status: 400, key: 'currency', message: 'The selected currency is invalid.' },
    ],
    [
      { pay_currency: 'LTC' },
      { status: 400, key: 'pay_currency', message: 'The currency LTC is not enabled for this merchant.' },
    ],
    [
      { pay_currency: 'BTC', amount: '0.01' },
      {
        status: 400,
        key: 'amount',
        message: expect.stringMatching(/^The amount is below the minimum payment of [\d.]+ BTC\.$/),
      },
    ],
  ])('refuses %j', (fields, expected) => {
    expect(
      refusal(() => whiteLabelIntakeFrom({ amount: 25, ...fields }, merchantOf(['btc']), prices, settings)),
    ).toEqual(expected);
  });
});
