import { validatorFor } from '@gw/contracts';
import {
  createdPaymentSchema,
  fullCurrenciesSchema,
  invoicePaymentSchema,
  invoiceRecordSchema,
  merchantCoinsSchema,
  paymentRecordSchema,
  planListSchema,
  subscriptionListSchema,
} from '@gw/contracts/api/v1';
import { offeredPayCurrencies } from '@gw/domain';
import { RatesService, CuratedPriceFeed } from '@gw/pricing';
import { toCreatedPayment, toInvoicePaymentRecord, toPaymentRecord } from '@gw/families';
import { toFullCurrency, toInvoiceRecord, toMerchantCoin, toPlanRecord, toSubscriptionRecord } from '../src';
import { invoiceTerms, paymentDocument, paymentTerms } from './fixtures';

function expectValid(schema: object, value: unknown): void {
  const validate = validatorFor(schema);
  const valid = validate(value);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

describe('the V1 payment record', () => {
  const record = toPaymentRecord(paymentDocument());

  it('has every field of the spec with its type', () => {
    expect(record).toEqual({
      payment_id: 5077125051,
      invoice_id: '6f1d6a43-5a0c-4f5e-8f62-2b3c4d5e6f70',
      payment_status: 'finished',
      pay_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      payin_extra_id: null,
      price_amount: 100.5,
      price_currency: 'usd',
      pay_amount: 0.00110137,
      actually_paid: 0.00110137,
      pay_currency: 'btc',
      order_id: 'A-1',
      order_description: 'Two apples',
      purchase_id: 4444444444,
      outcome_amount: 0.00109586,
      outcome_currency: 'btc',
      payin_hash: 'a'.repeat(64),
      payout_hash: 'b'.repeat(64),
      burning_percent: 'null',
      type: 'crypto2crypto',
      parent_payment_id: null,
      origin_type: null,
      payment_extra_ids: null,
      is_test: true,
      created_at: '2025-03-01T10:00:00.000Z',
      updated_at: '2025-03-01T10:20:00.000Z',
    });
    expectValid(paymentRecordSchema, record);
  });

  it('tells a payment to the merchant wallet from a sandbox one', () => {
    const wallet = paymentDocument({ testPayment: false, payWalletKeyId: 'key-1', payAddressIndex: 0 });
    expect(toPaymentRecord(wallet).is_test).toBe(false);
    expect(toInvoicePaymentRecord(wallet).is_test).toBe(false);
    expect(toCreatedPayment(paymentTerms({ testPayment: false })).is_test).toBe(false);
    expect(toCreatedPayment(paymentTerms()).is_test).toBe(true);
  });

  it('links a repeated payment and its parent both ways', () => {
    const parent = toPaymentRecord(
      paymentDocument({
        lateDeposits: [
          {
            txHash: 'c'.repeat(64),
            amount: '0.00110137',
            fromAddress: null,
            confirmations: 0,
            detectedAt: '2025-03-02T10:00:00.000Z',
            paymentStatus: 'finished',
            repeatedPaymentId: 5077999001,
          },
        ],
      }),
    );
    const child = toPaymentRecord(paymentDocument({ paymentId: 5077999001, parentPaymentId: 5077125051 }));
    expect(parent).toMatchObject({ payment_extra_ids: [5077999001], actually_paid: 0.00110137 });
    expect(child).toMatchObject({ parent_payment_id: 5077125051, origin_type: 'REPEATED' });
    expectValid(paymentRecordSchema, parent);
    expectValid(paymentRecordSchema, child);
  });

  it('turns exact decimal strings into the JSON numbers they denote', () => {
    const tiny = toPaymentRecord(paymentDocument({ payAmount: '0.000000123456789012', actuallyPaid: '0' }));
    expect(tiny.pay_amount).toBe(1.23456789012e-7);
    expect(tiny.actually_paid).toBe(0);
  });

  it('prints timestamps with milliseconds and Z even when stored with another precision', () => {
    const doc = paymentDocument({
      createdAt: '2025-03-01T10:00:00Z',
      updatedAt: '2025-03-01T12:00:00.5+02:00',
    });
    expect(toPaymentRecord(doc)).toMatchObject({
      created_at: '2025-03-01T10:00:00.000Z',
      updated_at: '2025-03-01T10:00:00.500Z',
    });
  });

  it('keeps nulls of a fresh payment', () => {
    const fresh = toPaymentRecord(
      paymentDocument({
        status: 'waiting',
        payinHash: null,
        payoutHash: null,
        invoiceId: null,
        orderId: null,
      }),
    );
    expect(fresh).toMatchObject({ payin_hash: null, payout_hash: null, invoice_id: null, order_id: null });
    expectValid(paymentRecordSchema, fresh);
  });
});

describe('the invoice-payment lookup record', () => {
  const record = toInvoicePaymentRecord(paymentDocument());

  it('carries purchase_id as a string', () => {
    expect(record.purchase_id).toBe('4444444444');
  });

  it('leaves out the chain and type fields', () => {
    for (const field of [
      'invoice_id',
      'payin_extra_id',
      'payin_hash',
      'payout_hash',
      'burning_percent',
      'type',
    ]) {
      expect(record).not.toHaveProperty(field);
    }
    expect(record).toMatchObject({
      payment_id: 5077125051,
      actually_paid: 0.00110137,
      outcome_amount: 0.00109586,
    });
    expectValid(invoicePaymentSchema, record);
  });
});

describe('the create-payment response', () => {
  it('is built from the terms, waiting, with numbers for ids and amounts', () => {
    const created = toCreatedPayment(paymentTerms());
    expect(created).toMatchObject({
      payment_id: 5077125051,
      payment_status: 'waiting',
      pay_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      price_amount: 100.5,
      price_currency: 'usd',
      pay_amount: 0.00110137,
      pay_currency: 'btc',
      order_id: 'A-1',
      purchase_id: 4444444444,
      burning_percent: 'null',
      type: 'crypto2crypto',
      expiration_estimate_date: '2025-03-02T10:00:00.000Z',
      created_at: '2025-03-01T10:00:00.000Z',
      updated_at: '2025-03-01T10:00:00.000Z',
    });
    expectValid(createdPaymentSchema, created);
  });
});

describe('the V1 invoice record', () => {
  it('prints price_amount as a string and the hosted page under the base URL', () => {
    const record = toInvoiceRecord(invoiceTerms(), 'https://pay.example.com/');
    expect(record.price_amount).toBe('1000');
    expect(record.invoice_url).toBe('https://pay.example.com/invoice/6f1d6a43-5a0c-4f5e-8f62-2b3c4d5e6f70');
    expect(record).toMatchObject({
      id: '6f1d6a43-5a0c-4f5e-8f62-2b3c4d5e6f70',
      token_id: 'kxGYGsUqNw',
      pay_currency: null,
      is_fixed_rate: false,
      is_fee_paid_by_user: false,
      collect_user_data: false,
      success_url: 'https://shop.example/thanks',
      cancel_url: 'https://shop.example/cancel',
      created_at: '2025-03-01T10:00:00.000Z',
      updated_at: '2025-03-01T10:00:00.000Z',
    });
    expectValid(invoiceRecordSchema, record);
  });
});

describe('subscription records', () => {
  it('shows the status in uppercase and the subscriber e-mail in an object', () => {
    const record = toSubscriptionRecord({
      id: '7',
      version: 2,
      subscriptionId: 7,
      planId: 3,
      merchantId: 'merchant-1',
      subscriberEmail: 'buyer@example.com',
      status: 'paused',
      isActive: false,
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-02T10:00:00.000Z',
      expireDate: '2025-04-01T10:00:00.000Z',
    });
    expect(record).toEqual({
      id: 7,
      subscription_plan_id: 3,
      status: 'PAUSED',
      is_active: false,
      subscriber: { email: 'buyer@example.com' },
      created_at: '2025-03-01T10:00:00.000Z',
      updated_at: '2025-03-02T10:00:00.000Z',
      expire_date: '2025-04-01T10:00:00.000Z',
    });
    expectValid(subscriptionListSchema, { count: 1, result: [record] });
  });

  it('prints plan amounts and intervals as numbers', () => {
    const plan = toPlanRecord({
      id: '3',
      version: 1,
      planId: 3,
      merchantId: 'merchant-1',
      title: 'Monthly',
      amount: '9.99',
      currency: 'usd',
      intervalDay: 30,
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cancel',
      partiallyPaidUrl: null,
      ipnCallbackUrl: 'https://shop.example/ipn',
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
    });
    expect(plan).toMatchObject({ id: 3, amount: 9.99, interval_day: 30, currency: 'usd' });
    expectValid(planListSchema, { count: 1, result: [plan] });
  });
});

describe('currency records', () => {
  it('describe every catalogue coin in the full-currencies schema', async () => {
    const rates = new RatesService(await new CuratedPriceFeed().snapshot());
    const currencies = rates
      .cryptoCurrencies()
      .map((crypto, position) => toFullCurrency(crypto, position, 'http://localhost:8080'));
    expectValid(fullCurrenciesSchema, { currencies });
    expect(new Set(currencies.map((c) => c.id)).size).toBe(currencies.length);
    expect(currencies.find((c) => c.code === 'btc')).toMatchObject({
      network: 'btc',
      decimals: 8,
      is_fiat: false,
      enable: true,
    });
    expect(currencies[0]?.image).toMatch(/^http:\/\/localhost:8080\/static\/coins\/.+\.svg$/);
  });

  it("limit the merchant's coins to those it enabled, by code or alias", async () => {
    const rates = new RatesService(await new CuratedPriceFeed().snapshot());
    const all = rates.cryptoCurrencies();
    const offered = (enabledCoins: string[] | null) =>
      offeredPayCurrencies({ enabledCoins, payableCoins: 'every' }, rates);
    expect(offered(null)).toHaveLength(all.length);
    const selected = offered(['BTC', 'usdttrc20']).map((crypto) =>
      toMerchantCoin(crypto, 'http://localhost:8080'),
    );
    expect(selected.map((c) => c.code)).toEqual(['btc', 'usdttrc20']);
    expectValid(merchantCoinsSchema, { selectedCurrencies: selected });
  });
});
