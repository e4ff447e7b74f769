import { validatorFor } from '@gw/contracts';
import {
  betaCreatedStaticAddressSchema,
  betaCreatedWhiteLabelSchema,
  betaCurrenciesSchema,
  betaFiatsSchema,
  betaMonitorSchema,
  betaNetworksSchema,
  betaPricesSchema,
  betaPaymentListItemSchema,
  betaStaticAddressItemSchema,
} from '@gw/contracts/api/beta';
import { betaCurrencies, betaFiats, betaNetworks, betaPrices } from '../src/records/catalogue-results';
import {
  betaSymbol,
  betaCreatedStaticAddress,
  betaListItem,
  betaPaymentInformation,
  betaStaticAddressItem,
  betaWhiteLabelRecord,
} from '@gw/families';
import { sampleStaticAddressTerms, sampleStaticDeposit } from '@gw/domain/testing';
import type { StaticAddressDocument } from '@gw/views';
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

describe("a family B payment's type is its own kind", () => {
  it.each([
    ['a family B white-label payment', { kind: 'white_label' as const }, 'white_label'],
    ['a static-address deposit', { kind: 'static_address' as const }, 'static_address'],
    ['a family B invoice', { kind: 'invoice' as const }, 'invoice'],
    ['a family B payment created before kinds were recorded', {}, 'invoice'],
    ['a V1 payment created before kinds were recorded', { family: 'v1' as const }, 'white_label'],
  ])('%s is %s in the history and the information', (_name, terms, type) => {
    const payment = paymentOf(terms);
    expect(betaListItem(payment, rates).type).toBe(type);
    expect(betaPaymentInformation(payment, rates).type).toBe(type);
  });
});

describe('POST /payment/white-label answer', () => {
  const payment = paymentOf({
    kind: 'white_label',
    priceAmount: '20',
    priceCurrency: 'eur',
    payCurrency: 'btc',
    payNetwork: 'btc',
    payAmount: '0.000312',
    payDecimals: 8,
    payAddress: 'bcrt1qexampleaddress',
    callbackUrl: 'https://shop.example/cb',
    orderId: 'top-up-7',
    underpaidTolerancePercent: '1.5',
    isFeePaidByUser: true,
    beta: {
      lifetimeMinutes: 30,
      feePaidByPayer: true,
      toCurrency: null,
      email: 'buyer@shop.example',
      thanksMessage: null,
      description: 'VPN',
    },
  });
  const record = betaWhiteLabelRecord(payment, rates, 'https://pay.example/pay/u/qr.svg');

  it('answers the address, amounts and terms in upstream field names', () => {
    expect(record).toEqual({
      track_id: '5077125051',
      amount: 20,
      currency: 'EUR',
      pay_amount: 0.000312,
      pay_currency: 'BTC',
      network: rates.findCryptoCurrency('btc').networkName,
      address: 'bcrt1qexampleaddress',
      callback_url: 'https://shop.example/cb',
      description: 'VPN',
      email: 'buyer@shop.example',
      fee_paid_by_payer: 1,
      lifetime: 30,
      order_id: 'top-up-7',
      under_paid_coverage: 1.5,
      rate: Number(rates.exchangeRate('btc', 'eur')),
      qr_code: 'https://pay.example/pay/u/qr.svg',
      expired_at: 1735790645,
      date: 1735787045,
    });
  });

  it('matches its schema', () => {
    expect(validatorFor(betaCreatedWhiteLabelSchema)(record)).toBe(true);
  });
});

describe('static address answers', () => {
  const terms = sampleStaticAddressTerms();
  const deposit = sampleStaticDeposit(1);
  const document: StaticAddressDocument = {
    id: 'merchant-1:btc:order:top-up-7',
    version: 4,
    ...terms,
    status: 'revoked',
    revokedAt: '2026-01-03T00:00:00.000Z',
    hasDeposits: true,
    deposits: [{ ...deposit, paymentId: 101, detectedAt: '2026-01-02T00:00:00.000Z' }],
    refusedDeposits: [{ ...sampleStaticDeposit(2), detectedAt: '2026-01-04T00:00:00.000Z' }],
    updatedAt: '2026-01-04T00:00:00.000Z',
  };

  it('answers the created address in upstream field names', () => {
    const created = betaCreatedStaticAddress(terms, 'https://pay.example/pay/static/5105640311/qr.svg');
    expect(created).toEqual({
      track_id: '5105640311',
      network: 'Bitcoin',
      address: 'bcrt1qstatic',
      qr_code: 'https://pay.example/pay/static/5105640311/qr.svg',
      date: 1767225600,
    });
    expect(validatorFor(betaCreatedStaticAddressSchema)(created)).toBe(true);
  });

  it('lists an address with the deposits it credited, each naming its payment, and those it refused', () => {
    const item = betaStaticAddressItem(document, rates);
    expect(item).toMatchObject({
      track_id: '5105640311',
      currencies: ['BTC'],
      order_id: 'top-up-7',
      email: '',
      revoked: true,
      txs: [{ tx_hash: deposit.txHash, currency: 'BTC', amount: 0.001, track_id: '101', date: 1767312000 }],
      refused_txs: [
        { tx_hash: sampleStaticDeposit(2).txHash, currency: 'BTC', amount: 0.001, date: 1767484800 },
      ],
    });
    expect(validatorFor(betaStaticAddressItemSchema)(item)).toBe(true);
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

describe('GET /common/prices', () => {
  const prices = betaPrices(rates, 'every');

  it('prices each symbol once in US dollars, a multi-network symbol by its first listing', () => {
    expect(validatorFor(betaPricesSchema)(prices)).toBe(true);
    expect(prices.BTC).toBe(Number(rates.exchangeRate('btc', 'usd')));
    const firstUsdt = rates.cryptoCurrencies().find((crypto) => betaSymbol(crypto) === 'USDT');
    expect(prices.USDT).toBe(Number(rates.exchangeRate(firstUsdt?.code ?? '', 'usd')));
    expect(Object.keys(prices).sort()).toEqual(Object.keys(betaCurrencies(rates, 'every')).sort());
  });
});

describe('GET /common/networks and /common/monitor', () => {
  it('lists each network of the catalogue once', () => {
    const networks = betaNetworks(rates, 'every');
    expect(validatorFor(betaNetworksSchema)(networks)).toBe(true);
    expect(networks.list).toEqual([...new Set(rates.cryptoCurrencies().map((crypto) => crypto.networkName))]);
    expect(networks.list).toContain('Tron (TRC-20)');
  });

  it('states the monitor answer as its schema', () => {
    expect(validatorFor(betaMonitorSchema)({ status: true })).toBe(true);
    expect(validatorFor(betaMonitorSchema)({ status: true, extra: 1 })).toBe(false);
  });
});
