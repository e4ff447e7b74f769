import fc from 'fast-check';
import { RatesService } from '@gw/pricing';
import { acceptsPayCurrency, type AdmittingMerchant } from '../src/admission/coin-acceptance';
import { admitPayment, currentPayAmount, type PaymentRequestTerms } from '../src/admission/admission';
import { PAYMENT_LIFETIMES } from '../src/admission/lifetimes';
import { PaymentRefused } from '../src/admission/refusals';
import { compare } from '../src/money';
import type { MoneyInput } from '../src/money-input';
import { admissionSpec, priceViews } from '../src/testing/admission-spec';

const rates = new RatesService({
  source: 'test',
  takenAt: '2026-01-01T00:00:00.000Z',
  pricesUsd: { btc: '50000', usd: '1', eur: '1.25', usdttrc20: '1', trx: '0.25', usdc: '1', ltc: '100' },
});
const spec = admissionSpec(rates);

const everyCoin: AdmittingMerchant = { enabledCoins: null, payableCoins: 'every' };
const onlyCoins = (...enabledCoins: string[]): AdmittingMerchant => ({
  enabledCoins,
  payableCoins: 'every',
});
const usd = (
  priceAmount: MoneyInput,
  payCurrency: string | null,
  more: Partial<PaymentRequestTerms> = {},
) => ({
  family: 'v1' as const,
  priceAmount,
  priceCurrency: 'usd',
  payCurrency,
  ...more,
});

describe('admitting a payment', () => {
  describe('when the merchant accepts every coin', () => {
    it('converts the price into the pay currency, rounded up', () => {
      spec
        .given(everyCoin)
        .when(usd('10', 'btc'))
        .then({ priceAmount: '10', priceCurrency: 'usd', payCurrency: 'btc', payAmount: '0.0002' });
      spec.given(everyCoin).when(usd('10', 'ltc')).then({ payAmount: '0.1' });
      spec
        .given(everyCoin)
        .when(usd('1', 'btc', { priceAmount: '7.77' }))
        .then({ payAmount: '0.0001554' });
    });

    it('resolves codes and aliases in any case', () => {
      spec.given(everyCoin).when(usd('10', 'BTC')).then({ payCurrency: 'btc' });
      spec.given(everyCoin).when(usd('20', 'USDCERC20')).then({ payCurrency: 'usdc', payAmount: '20' });
      spec
        .given(everyCoin)
        .when({ ...usd('10', 'btc'), priceCurrency: ' EUR ' })
        .then({ priceCurrency: 'eur' });
    });

    it('keeps a pay amount the merchant fixed, exactly', () => {
      spec
        .given(everyCoin)
        .when(usd('10', 'btc', { fixedPayAmount: '0.12345679' }))
        .then({ payAmount: '0.12345679', discount: '0' });
    });

    it('refuses a fixed pay amount with more decimals than the coin has instead of rounding it', () => {
      const refused = spec
        .given(everyCoin)
        .when(usd('10', 'btc', { fixedPayAmount: '0.123456789' }))
        .thenRefuses('INVALID_AMOUNT');
      expect(refused.refusal).toEqual({
        code: 'INVALID_AMOUNT',
        role: 'pay',
        value: '0.123456789',
        problem: { code: 'TOO_PRECISE', decimals: 8, currency: 'btc' },
      });
    });

    it.each([
      ['a number past the double range', Infinity, 'NOT_FINITE'],
      ['NaN', Number.NaN, 'NOT_FINITE'],
      ['the text Infinity', 'Infinity', 'NOT_FINITE'],
      ['an exponent', '1e5', 'NOT_A_DECIMAL'],
      ['a blank before the digits', ' 1', 'NOT_A_DECIMAL'],
      ['more than the maximum', 1e21, 'TOO_LARGE'],
      ['more cents than the dollar has', '0.123456789123', 'TOO_PRECISE'],
      ['zero', 0, 'NOT_POSITIVE'],
      ['a negative amount', '-5', 'NOT_POSITIVE'],
    ])('refuses a price amount that is %s', (_case, priceAmount, problem) => {
      const refused = spec.given(everyCoin).when(usd(priceAmount, 'btc')).thenRefuses('INVALID_AMOUNT');
      expect(refused.refusal).toMatchObject({ role: 'price', problem: { code: problem } });
    });

    it('takes the discount off and adds the payer share of the network fee', () => {
      spec
        .given(everyCoin)
        .when(usd('100', 'usdttrc20', { discountPercent: '10', payerFeePercent: '100' }))
        .then({ payAmount: '91', discount: '10' });
      spec
        .given(everyCoin)
        .when(usd('100', 'usdttrc20', { discountPercent: '-5' }))
        .then({ payAmount: '105' });
    });

    it('refuses unknown currencies, naming which one', () => {
      expect(
        spec.given(everyCoin).when(usd('10', 'nope')).thenRefuses('UNKNOWN_CURRENCY').refusal,
      ).toMatchObject({
        role: 'pay',
      });
      expect(
        spec
          .given(everyCoin)
          .when({ ...usd('10', 'btc'), priceCurrency: 'xyz' })
          .thenRefuses('UNKNOWN_CURRENCY').refusal,
      ).toMatchObject({ role: 'price' });
    });

    it('refuses to be paid in fiat', () => {
      spec.given(everyCoin).when(usd('10', 'eur')).thenRefuses('NOT_A_CRYPTO_CURRENCY');
    });

    it('refuses a price that is not positive', () => {
      spec.given(everyCoin).when(usd('0', 'btc')).thenRefuses('INVALID_AMOUNT');
      spec.given(everyCoin).when(usd('-1', 'btc')).thenRefuses('INVALID_AMOUNT');
    });

    it('refuses less than the coin minimum and accepts the minimum itself', () => {
      const refused = spec.given(everyCoin).when(usd('4.99', 'btc')).thenRefuses('BELOW_MINIMUM');
      expect(refused.refusal).toMatchObject({ minimum: '0.0001', payAmount: '0.0000998' });
      spec.given(everyCoin).when(usd('5', 'btc')).then({ payAmount: '0.0001' });
    });

    it('takes the limits from the prices the payment is asked on, a new snapshot its own', () => {
      const before = spec.given(everyCoin).when(usd('4.99', 'btc')).thenRefuses('BELOW_MINIMUM');
      expect(before.refusal).toMatchObject({ minimum: '0.0001' });
      const halved = new RatesService({
        ...rates.snapshot,
        pricesUsd: { ...rates.snapshot.pricesUsd, btc: '25000' },
      });
      const after = admissionSpec(halved)
        .given(everyCoin)
        .when(usd('4.99', 'btc'))
        .thenRefuses('BELOW_MINIMUM');
      expect(after.refusal).toMatchObject({ minimum: '0.0002' });
      admissionSpec(halved).given(everyCoin).when(usd('1000000', 'btc')).then({ payAmount: '40' });
      admissionSpec(halved).given(everyCoin).when(usd('1000001', 'btc')).thenRefuses('ABOVE_MAXIMUM');
    });

    it('prices a zero discount and fee share written any way as none', () => {
      spec
        .given(everyCoin)
        .when(usd('7.77', 'btc', { discountPercent: '0.00', payerFeePercent: '0.0' }))
        .then({ payAmount: '0.0001554', discount: '0' });
    });

    it('refuses more than a million dollars', () => {
      spec.given(everyCoin).when(usd('1000001', 'btc')).thenRefuses('ABOVE_MAXIMUM');
      spec.given(everyCoin).when(usd('1000000', 'btc')).then({ payAmount: '20' });
    });
  });

  describe('when the merchant restricted its coins', () => {
    it('accepts a coin its list names by code or alias, in any case', () => {
      spec.given(onlyCoins('BTC')).when(usd('10', 'btc')).then({ payCurrency: 'btc' });
      spec.given(onlyCoins('usdcerc20')).when(usd('20', 'USDC')).then({ payCurrency: 'usdc' });
      spec.given(onlyCoins(' Usdc ')).when(usd('20', 'usdcerc20')).then({ payCurrency: 'usdc' });
    });

    it('refuses any other coin', () => {
      const refused = spec.given(onlyCoins('btc')).when(usd('10', 'ltc')).thenRefuses('COIN_NOT_ENABLED');
      expect(refused.refusal).toMatchObject({ role: 'pay', coin: { code: 'ltc' } });
    });

    it('opens a request without a pay coin in the first default it accepts', () => {
      const defaults = ['usdttrc20', 'trx', 'btc', 'ltc'];
      spec
        .given(everyCoin)
        .when(usd('10', null, { defaultPayCurrencies: defaults }))
        .then({ payCurrency: 'usdttrc20' });
      spec
        .given(onlyCoins('ltc', 'btc'))
        .when(usd('10', null, { defaultPayCurrencies: defaults }))
        .then({
          payCurrency: 'btc',
        });
    });

    it('refuses a request without a pay coin when it accepts none of the defaults', () => {
      spec
        .given(onlyCoins('ltc'))
        .when(usd('10', null, { defaultPayCurrencies: ['usdttrc20'] }))
        .thenRefuses('NO_COIN_ENABLED');
    });
  });

  describe('when a network cannot take money for the merchant', () => {
    const btcOnly: AdmittingMerchant = { enabledCoins: null, payableCoins: new Set(['btc']) };

    it('refuses a coin on that network', () => {
      spec.given(btcOnly).when(usd('10', 'ltc')).thenRefuses('NETWORK_NOT_PAYABLE');
      spec.given(btcOnly).when(usd('10', 'btc')).then({ payCurrency: 'btc' });
    });

    it('passes over it when picking a default', () => {
      spec
        .given(btcOnly)
        .when(usd('10', null, { defaultPayCurrencies: ['usdttrc20', 'btc'] }))
        .then({ payCurrency: 'btc' });
    });

    it('does not list it', () => {
      const listed = rates.cryptoCurrencies().filter((coin) => acceptsPayCurrency(btcOnly, coin));
      expect(listed.map((coin) => coin.code)).toEqual(['btc']);
    });
  });

  describe('which prices a payment is asked on', () => {
    /** Live prices that moved since the fixed snapshot: btc 40,000 instead of 50,000. */
    const live = new RatesService({
      source: 'live',
      takenAt: '2026-01-01T00:10:00.000Z',
      pricesUsd: { btc: '40000', usd: '1', eur: '1.25' },
      quotedAt: { btc: '2026-01-01T00:09:00.000Z', usd: '2026-01-01T00:05:00.000Z' },
    });
    const at = (now: string, liveView: RatesService | null = live) =>
      admissionSpec(priceViews(rates, liveView, { now: new Date(now), maxAgeSeconds: 600 }));
    /** The merchant's own btc wallet, on mainnet: real money. */
    const mainnetWallet: AdmittingMerchant = {
      enabledCoins: null,
      payableCoins: 'every',
      realMoneyCoins: new Set(['btc']),
    };
    /** The merchant's own btc wallet on regtest (outside the sandbox: the only network paying). */
    const regtestWallet: AdmittingMerchant = { enabledCoins: null, payableCoins: new Set(['btc']) };

    describe('a payment to a mainnet wallet (real money)', () => {
      it('is priced from the live prices while both are within the limit', () => {
        at('2026-01-01T00:15:00.000Z')
          .given(mainnetWallet)
          .when(usd('10', 'btc'))
          .then({ payAmount: '0.00025' });
      });

      it('is refused once the older of the two prices passes the limit', () => {
        const refused = at('2026-01-01T00:15:01.000Z').given(mainnetWallet).when(usd('10', 'btc'));
        expect(refused.thenRefuses('STALE_PRICE').refusal).toMatchObject({
          currency: { code: 'usd' },
          quotedAt: '2026-01-01T00:05:00.000Z',
          maxAgeSeconds: 600,
        });
      });

      it('takes the snapshot time for a price the source did not date', () => {
        const eur = usd('10', 'btc', { priceCurrency: 'eur' });
        at('2026-01-01T00:19:00.000Z').given(mainnetWallet).when(eur).then({ priceCurrency: 'eur' });
        at('2026-01-01T00:20:01.000Z').given(mainnetWallet).when(eur).thenRefuses('STALE_PRICE');
      });

      it('is refused before any live price, never falling back to the fixed snapshot', () => {
        const refusal = at('2026-01-01T00:00:00.000Z', null)
          .given(mainnetWallet)
          .when(usd('10', 'btc'))
          .thenRefuses('STALE_PRICE').refusal;
        expect(new PaymentRefused(refusal).message).toBe(
          'no current price for btc: no live price, and prices older than 600 s are not used; retry later',
        );
      });

      it('is refused in a currency the live prices do not quote, whatever its catalogue price', () => {
        const realLtc: AdmittingMerchant = { ...mainnetWallet, realMoneyCoins: new Set(['ltc']) };
        const refusal = at('2026-01-01T00:10:00.000Z')
          .given(realLtc)
          .when(usd('10', 'ltc'))
          .thenRefuses('STALE_PRICE').refusal;
        expect(refusal).toMatchObject({ currency: { code: 'ltc' }, quotedAt: null });
      });

      it('is refused while the live sources disagree on a price beyond the spread limit', () => {
        const disputed = new RatesService({
          ...live.snapshot,
          disagreements: {
            btc: {
              spreadPercent: '3.33',
              limitPercent: '2',
              quotes: { coingecko: '40000', kraken: '41333' },
            },
          },
        });
        const refusal = at('2026-01-01T00:10:00.000Z', disputed)
          .given(mainnetWallet)
          .when(usd('10', 'btc'))
          .thenRefuses('PRICES_DISAGREE').refusal;
        expect(new PaymentRefused(refusal).message).toBe(
          'no agreed price for btc: the price sources differ by 3.33 % (coingecko 40000, kraken 41333 USD), over the 2 % limit; retry later',
        );
      });

      it('is refused while fewer fresh sources than PRICE_MIN_SOURCES price it, naming how many did', () => {
        const unchecked = new RatesService({
          ...live.snapshot,
          disagreements: {
            btc: { spreadPercent: '0', limitPercent: '2', quotes: { kraken: '41333' }, minSources: 2 },
          },
        });
        const refusal = at('2026-01-01T00:10:00.000Z', unchecked)
          .given(mainnetWallet)
          .when(usd('10', 'btc'))
          .thenRefuses('PRICES_DISAGREE').refusal;
        expect(new PaymentRefused(refusal).message).toBe(
          'no agreed price for btc: only 1 price source quotes it freshly, and 2 must agree (kraken 41333 USD); retry later',
        );
      });

      it('checks the request before the prices', () => {
        at('2030-01-01T00:00:00.000Z')
          .given(mainnetWallet)
          .when(usd('10', 'nope'))
          .thenRefuses('UNKNOWN_CURRENCY');
      });
    });

    describe('a test payment', () => {
      it('on the sandbox chain is priced from the fixed snapshot, however old the live prices are', () => {
        at('2030-01-01T00:00:00.000Z').given(everyCoin).when(usd('10', 'btc')).then({ payAmount: '0.0002' });
        at('2030-01-01T00:00:00.000Z', null)
          .given(everyCoin)
          .when(usd('10', 'btc'))
          .then({ payAmount: '0.0002' });
      });

      it('to a wallet on a test chain is priced from the fixed snapshot, with no live price at all', () => {
        at('2030-01-01T00:00:00.000Z', null)
          .given(regtestWallet)
          .when(usd('10', 'btc'))
          .then({ payAmount: '0.0002' });
      });

      it('on another network of a merchant with a mainnet wallet stays on the fixed snapshot', () => {
        at('2030-01-01T00:00:00.000Z', null)
          .given(mainnetWallet)
          .when(usd('10', 'ltc'))
          .then({ payAmount: '0.1' });
      });
    });

    it('re-estimates a waiting payment under the same rule', () => {
      const terms = { priceAmount: '10', priceCurrency: 'usd', payCurrency: 'btc' };
      const views = (now: string) => priceViews(rates, live, { now: new Date(now), maxAgeSeconds: 600 });
      expect(currentPayAmount(terms, mainnetWallet, views('2026-01-01T00:15:00.000Z'))).toBe('0.00025');
      expect(() => currentPayAmount(terms, mainnetWallet, views('2026-01-01T00:15:01.000Z'))).toThrow(
        PaymentRefused,
      );
      expect(currentPayAmount(terms, regtestWallet, views('2030-01-01T00:00:00.000Z'))).toBe('0.0002');
    });
  });

  describe('lifetime', () => {
    it("takes the family's default when the request names none", () => {
      spec.given(everyCoin).when(usd('10', 'btc')).then({ lifetimeSeconds: 86_400 });
      spec
        .given(everyCoin)
        .when(usd('10', 'btc', { family: 'alpha' }))
        .then({ lifetimeSeconds: 3_600 });
      spec
        .given(everyCoin)
        .when(usd('10', 'btc', { family: 'beta', lifetimeSeconds: 900 }))
        .then({
          lifetimeSeconds: 900,
        });
    });

    it("refuses a lifetime outside the family's window", () => {
      spec
        .given(everyCoin)
        .when(usd('10', 'btc', { family: 'alpha', lifetimeSeconds: 299 }))
        .thenRefuses('INVALID_LIFETIME');
      spec
        .given(everyCoin)
        .when(usd('10', 'btc', { family: 'beta', lifetimeSeconds: 172_801 }))
        .thenRefuses('INVALID_LIFETIME');
      spec
        .given(everyCoin)
        .when(usd('10', 'btc', { lifetimeSeconds: 90.5 }))
        .thenRefuses('INVALID_LIFETIME');
    });

    it('has windows that contain their defaults', () => {
      for (const window of Object.values(PAYMENT_LIFETIMES)) {
        expect(window.defaultSeconds).toBeGreaterThanOrEqual(window.minimumSeconds);
        expect(window.defaultSeconds).toBeLessThanOrEqual(window.maximumSeconds);
      }
    });
  });

  describe('properties', () => {
    const coins = rates.cryptoCurrencies().map((coin) => coin.code);

    it('admits exactly the coins a merchant lists, and never below the minimum', () => {
      fc.assert(
        fc.property(
          fc.subarray(coins, { maxLength: 4 }),
          fc.constantFrom(...coins),
          fc.integer({ min: 1, max: 100_000 }),
          (enabled, pay, cents) => {
            const merchant = onlyCoins(...enabled.map((code) => code.toUpperCase()));
            const request = usd((cents / 100).toFixed(2), pay);
            const listed = acceptsPayCurrency(merchant, rates.findCryptoCurrency(pay));
            try {
              const admitted = admitPayment(request, merchant, priceViews(rates));
              expect(listed).toBe(true);
              expect(compare(admitted.payAmount, rates.minAmount(pay, pay).minAmount)).toBeGreaterThanOrEqual(
                0,
              );
            } catch (error) {
              const code = (error as { refusal?: { code: string } }).refusal?.code;
              expect(code === 'BELOW_MINIMUM' ? listed : !listed).toBe(true);
            }
          },
        ),
      );
    });
  });
});
