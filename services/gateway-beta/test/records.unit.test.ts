import { validatorFor } from '@gw/contracts';
import { betaCurrenciesSchema, betaFiatsSchema, betaPaymentListItemSchema } from '@gw/contracts/api/beta';
import { betaCurrencies, betaFiats } from '../src/records/catalogue-results';
import { betaListItem } from '@gw/families';
import { curatedRates, paymentOf } from './support';

const rates = curatedRates();

describe('family B list item', () => {
  it('shows an invoice as upstream does', () => {
    const item = betaListItem(paymentOf(), rates);
    expect(item).toEqual({
      track_id: '5077125051',
      type: 'invoice',
      amount: 10.5,
      currency: 'USD',
      status: 'Waiting',
      date: 1735787045,
      sandbox: true,
    });
    expect(validatorFor(betaPaymentListItemSchema)(item)).toBe(true);
  });

  it('tells a payment to the merchant wallet from a sandbox one', () => {
    const item = betaListItem(paymentOf({ testPayment: false, payWalletKeyId: 'key-1' }), rates);
    expect(item.sandbox).toBe(false);
    expect(validatorFor(betaPaymentListItemSchema)(item)).toBe(true);
  });

  it.each([
    ['waiting', 'Waiting'],
    ['confirming', 'Paying'],
    ['confirmed', 'Paying'],
    ['sending', 'Paying'],
    ['partially_paid', 'Underpaid'],
    ['finished', 'Paid'],
    ['failed', 'Failed'],
    ['refunded', 'Refunded'],
    ['expired', 'Expired'],
  ] as const)('maps %s to %s', (status, shown) => {
    expect(betaListItem(paymentOf({}, { status }), rates).status).toBe(shown);
  });

  it('shows V1 payments as white_label and crypto prices by symbol', () => {
    expect(
      betaListItem(paymentOf({ family: 'v1', priceCurrency: 'usdtbsc', priceAmount: '0.1' }), rates),
    ).toMatchObject({
      type: 'white_label',
      currency: 'USDT',
      amount: 0.1,
    });
  });
});

describe('GET /common/currencies', () => {
  const currencies = betaCurrencies(rates, 'every');

  it('matches its schema', () => {
    expect(validatorFor(betaCurrenciesSchema)(currencies)).toBe(true);
  });

  it("groups a symbol's listings as networks with confirmations, fees and minimums", () => {
    expect(currencies.USDT?.name).toBe('Tether USD');
    expect(Object.keys(currencies.USDT?.networks ?? {})).toContain('Tron (TRC-20)');
    expect(currencies.USDT?.networks['Tron (TRC-20)']).toEqual({
      network: 'Tron (TRC-20)',
      name: 'Tron (TRC-20)',
      required_confirmations: 19,
      withdraw_fee: 1,
      withdraw_min: 5,
      deposit_min: 5,
      static_fixed_fee: 0,
    });
    expect(currencies.BTC).toMatchObject({ symbol: 'BTC', name: 'Bitcoin', status: true });
  });

  it('lists every catalogue coin once per network', () => {
    const listings = Object.values(currencies).reduce(
      (count, currency) => count + Object.keys(currency.networks).length,
      0,
    );
    expect(listings).toBe(rates.cryptoCurrencies().length);
  });
});

describe('GET /common/fiats', () => {
  const fiats = betaFiats(rates);

  it('prices each fiat in US dollars', () => {
    expect(validatorFor(betaFiatsSchema)(fiats)).toBe(true);
    expect(fiats.USD).toEqual({ symbol: 'USD', name: 'US Dollar', price: 1, display_precision: 2 });
    expect(fiats.EUR?.price).toBe(1.158);
    expect(fiats.JPY?.display_precision).toBe(0);
  });
});
