import { RatesService } from '@gw/pricing';
import type { AdmittingMerchant } from '../src/admission/coin-acceptance';
import type { PaymentRequestTerms } from '../src/admission/admission';
import { listingsOfSymbol } from '../src/admission/pay-listings';
import { admissionSpec, priceViews } from '../src/testing/admission-spec';

const takenAt = '2026-01-01T00:00:00.000Z';
const rates = new RatesService({
  source: 'test',
  takenAt,
  pricesUsd: { usd: '1', usdttrc20: '1', usdterc20: '1', usdtbsc: '1', eth: '2500', trx: '0.25' },
});
const spec = admissionSpec(rates);
const usdt = listingsOfSymbol(rates, rates.findCryptoCurrency('usdttrc20'));

/** A gateway that takes money only on Ethereum: the merchant's EVM wallet, ETH and its tokens watched. */
const ethereumOnly = (realMoney = false): AdmittingMerchant => ({
  enabledCoins: null,
  payableCoins: new Set(['eth', 'usdterc20', 'usdc']),
  ...(realMoney ? { realMoneyCoins: new Set(['eth', 'usdterc20', 'usdc']) } : {}),
});

const pricedInUsdt = (payCurrency: PaymentRequestTerms['payCurrency']): PaymentRequestTerms => ({
  family: 'beta',
  priceAmount: '25',
  priceCurrency: 'usdttrc20',
  payCurrency,
});

describe("a symbol's listings", () => {
  it("start with the family's listing, then the symbol's others in catalogue order", () => {
    const catalogueOrder = rates
      .cryptoCurrencies()
      .filter((coin) => coin.ticker === 'usdt' && coin.code !== 'usdttrc20')
      .map((coin) => coin.code);
    expect(usdt).toEqual(['usdttrc20', ...catalogueOrder]);
    expect(usdt).toContain('usdterc20');
    expect(listingsOfSymbol(rates, rates.findCryptoCurrency('btc'))).toEqual(['btc']);
  });
});

describe('admitting a payment priced in a symbol that is paid on any of its networks', () => {
  it('given a merchant paid only on Ethereum, when priced in USDT by symbol, then it is paid in USDT on Ethereum', () => {
    spec
      .given(ethereumOnly())
      .when(pricedInUsdt(usdt))
      .then({ priceCurrency: 'usdttrc20', priceAmount: '25', payCurrency: 'usdterc20', payAmount: '25' });
  });

  it('given the Tron listing is payable too, when priced in USDT by symbol, then the first listing (Tron) is taken', () => {
    spec.given({ enabledCoins: null, payableCoins: 'every' }).when(pricedInUsdt(usdt)).then({
      payCurrency: 'usdttrc20',
    });
  });

  it("given the merchant's coin list leaves out Ethereum's USDT, when priced in USDT, then the next accepted listing is taken", () => {
    const bscAndEthereum: AdmittingMerchant = {
      enabledCoins: ['usdtbsc', 'eth'],
      payableCoins: new Set(['eth', 'usdterc20', 'usdtbsc']),
    };
    spec.given(bscAndEthereum).when(pricedInUsdt(usdt)).then({ payCurrency: 'usdtbsc' });
  });

  it('given no listing of the symbol is payable, then it is refused as its first listing is', () => {
    const refused = spec
      .given({ enabledCoins: null, payableCoins: new Set(['eth']) })
      .when(pricedInUsdt(usdt))
      .thenRefuses('NETWORK_NOT_PAYABLE');
    expect(refused.refusal).toMatchObject({ role: 'pay', coin: { code: 'usdttrc20' } });
  });

  it('given one listing named (a network or a code), then exactly that one is used or refused', () => {
    spec.given(ethereumOnly()).when(pricedInUsdt('usdterc20')).then({ payCurrency: 'usdterc20' });
    spec.given(ethereumOnly()).when(pricedInUsdt('usdttrc20')).thenRefuses('NETWORK_NOT_PAYABLE');
  });

  it('given an unknown code among the listings, then it is refused as unknown', () => {
    spec
      .given(ethereumOnly())
      .when(pricedInUsdt(['usdterc20', 'nope']))
      .thenRefuses('UNKNOWN_CURRENCY');
  });

  it('given real money on Ethereum, when priced in USDT, then both prices come from the live source', () => {
    const live = new RatesService({
      source: 'live',
      takenAt,
      pricesUsd: { usd: '1', usdttrc20: '0.999', usdterc20: '0.999', eth: '2400', trx: '0.25' },
    });
    const fresh = priceViews(rates, live, { now: new Date(takenAt), maxAgeSeconds: 60 });
    admissionSpec(fresh)
      .given(ethereumOnly(true))
      .when(pricedInUsdt(usdt))
      .then({ payCurrency: 'usdterc20', payAmount: '25' });
  });
});
