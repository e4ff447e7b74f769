import { loadConfig } from '@gw/platform';
import type { AlphaCreatePaymentInput } from '@gw/contracts/api/alpha';
import { payLimitsOf } from '@gw/domain';
import type { MerchantDocument } from '@gw/views';
import { alphaIntakeFrom } from '../src/requests/payment-intake';
import { curatedRates } from './support';
import { priceViews } from '@gw/domain/testing';

const rates = curatedRates();

/** The fixed snapshot only, judged at `now`. */
const pricesAt = (now: Date) => priceViews(rates, null, { now, maxAgeSeconds: 600 });
const sandbox = loadConfig({});
const NOW = new Date(rates.snapshot.takenAt);
const usdt = rates.findCryptoCurrency('usdttrc20');

describe('family A pricing', () => {
  const merchant = { merchantId: 'merchant-1', enabledCoins: null } as MerchantDocument;
  const intake = (amount: string, currency: string, more: Partial<AlphaCreatePaymentInput> = {}) =>
    alphaIntakeFrom(
      { amount, currency, network: 'tron', order_id: 'A-1', ...more },
      merchant,
      pricesAt(NOW),
      sandbox,
    );
  const price = (discount_percent: number, subtract: number) => {
    const { payAmount, alpha } = intake('100', 'USDT', { discount_percent, subtract });
    return { payerAmount: payAmount, discount: alpha?.discount };
  };

  it('charges the converted amount when nothing adjusts it', () => {
    expect(price(0, 0)).toEqual({ payerAmount: '100', discount: '0' });
  });

  it('lowers the payer amount by a discount', () => {
    expect(price(10, 0)).toEqual({ payerAmount: '90', discount: '10' });
  });

  it('raises it by a negative discount (a surcharge)', () => {
    expect(price(-5, 0)).toEqual({ payerAmount: '105', discount: '-5' });
  });

  it('adds the share of the network fee the payer covers (subtract)', () => {
    expect(usdt.withdrawFee).toBe('1');
    expect(price(0, 50).payerAmount).toBe('100.5');
    expect(price(10, 100).payerAmount).toBe('91');
  });

  it('converts a fiat amount and rounds up to the coin decimals', () => {
    expect(intake('10', 'USD').payAmount).toBe('9.998001');
  });

  it('limits a payer amount to the coin minimum and a million dollars', () => {
    const limits = payLimitsOf(rates, usdt);
    expect(limits.minAmount).toBe(rates.minAmount('usdttrc20', 'usdttrc20').minAmount);
    expect(limits.maxAmount).toBe('999800.039992');
    expect(() => intake('0.5', 'USD')).toThrow(`Minimum amount is ${limits.minAmount} USDT`);
    expect(() => intake('1000001', 'USD')).toThrow(`Maximum amount is ${limits.maxAmount} USDT`);
  });
});

describe('family A coin named by ticker', () => {
  const ethereumUsdt = { merchantId: 'merchant-1', enabledCoins: ['usdterc20', 'eth'] } as MerchantDocument;
  const open = (more: Partial<AlphaCreatePaymentInput>) =>
    alphaIntakeFrom(
      { amount: '25', currency: 'USDT', order_id: 'A-2', ...more },
      ethereumUsdt,
      pricesAt(NOW),
      sandbox,
    );

  it('without a network, is paid on the first network of the ticker the merchant takes', () => {
    expect(open({})).toMatchObject({ payCurrency: 'usdterc20', alpha: { network: 'eth' } });
    expect(open({ currency: 'USD' })).toMatchObject({ priceCurrency: 'usd', payCurrency: 'usdterc20' });
    expect(open({ currency: 'USD', to_currency: 'USDT' })).toMatchObject({
      priceCurrency: 'usd',
      payCurrency: 'usdterc20',
    });
  });

  it('with a network, is paid on exactly that one or refused', () => {
    expect(open({ network: 'eth' })).toMatchObject({ payCurrency: 'usdterc20' });
    expect(() => open({ network: 'tron' })).toThrow('USDT on tron is not enabled for the merchant');
  });
});
