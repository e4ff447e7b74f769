import { validatorFor } from '@gw/contracts';
import { alphaPaymentRecordSchema } from '@gw/contracts/api/alpha';
import { alphaPaymentRecord, hostedPageUrl, offsetTimestamp } from '@gw/families';
import { curatedRates, paymentOf } from './support';

const context = { baseUrl: 'https://pay.example/', rates: curatedRates() };
const matchesSchema = validatorFor(alphaPaymentRecordSchema);

describe('family A payment record', () => {
  it('shows a new payment as upstream does', () => {
    const record = alphaPaymentRecord(paymentOf(), context);
    expect(record).toEqual({
      uuid: '8b03432e-0000-4000-8000-000000000001',
      order_id: 'A-1',
      amount: '100.00000000',
      payment_amount: '0.00000000',
      payer_amount: '99.98000400',
      discount_percent: 0,
      discount: '0.00000000',
      payer_currency: 'USDT',
      currency: 'USD',
      merchant_amount: '99.98000400',
      network: 'tron',
      address: 'TXhfYSWt2oKRrHAJVJeYRuit6ZzKuoEKXr',
      from: null,
      txid: null,
      payment_status: 'waiting',
      url: 'https://pay.example/pay/8b03432e-0000-4000-8000-000000000001',
      expired_at: 1735790645,
      status: 'process',
      is_final: false,
      is_test: true,
      additional_data: 'note',
      created_at: '2025-01-02T03:04:05+00:00',
      updated_at: '2025-01-02T03:04:05+00:00',
    });
    expect(matchesSchema(record)).toBe(true);
  });

  it('tells a payment to the merchant wallet from a sandbox one', () => {
    const record = alphaPaymentRecord(paymentOf({ testPayment: false, payWalletKeyId: 'key-1' }), context);
    expect(record.is_test).toBe(false);
    expect(matchesSchema(record)).toBe(true);
  });

  it.each([
    ['waiting', 'process', false],
    ['confirming', 'confirm_check', false],
    ['confirmed', 'confirm_check', false],
    ['sending', 'process', false],
    ['partially_paid', 'wrong_amount', true],
    ['finished', 'paid', true],
    ['failed', 'fail', true],
    ['refunded', 'refund_paid', true],
    ['expired', 'cancel', true],
  ] as const)('maps payment_status %s to status %s (is_final %s)', (paymentStatus, status, isFinal) => {
    const record = alphaPaymentRecord(paymentOf({}, { status: paymentStatus }), context);
    expect(record).toMatchObject({ payment_status: paymentStatus, status, is_final: isFinal });
    expect(matchesSchema(record)).toBe(true);
  });

  it('shows what was paid, from where and in which transaction', () => {
    const record = alphaPaymentRecord(
      paymentOf(
        {},
        {
          status: 'confirming',
          actuallyPaid: '99.98',
          fromAddress: 'TSender',
          payinHash: 'abc123',
          updatedAt: '2025-01-02T03:10:00.000Z',
        },
      ),
      context,
    );
    expect(record).toMatchObject({
      payment_amount: '99.98000000',
      from: 'TSender',
      txid: 'abc123',
      updated_at: '2025-01-02T03:10:00+00:00',
    });
  });

  it('shows a payment of another family with neutral family A terms', () => {
    const record = alphaPaymentRecord(
      paymentOf({
        family: 'v1',
        alpha: null,
        orderId: null,
        payCurrency: 'btc',
        payNetwork: 'btc',
        payAmount: '0.001',
      }),
      context,
    );
    expect(record).toMatchObject({
      order_id: '',
      discount_percent: 0,
      discount: '0.00000000',
      network: 'btc',
      payer_currency: 'BTC',
      additional_data: null,
    });
    expect(matchesSchema(record)).toBe(true);
  });

  it('reflects the discount in the payer amount, which is what the merchant gets once paid', () => {
    const record = alphaPaymentRecord(
      paymentOf({
        payAmount: '90.5',
        alpha: {
          network: 'tron',
          discountPercent: 10,
          discount: '10',
          additionalData: null,
          subtractPercent: '50',
          toCurrency: null,
          isRefresh: false,
        },
      }),
      context,
    );
    expect(record).toMatchObject({
      discount_percent: 10,
      discount: '10.00000000',
      payer_amount: '90.50000000',
      merchant_amount: '90.50000000',
    });
  });

  it('credits a payment to the merchant wallet with everything it received: no fee was taken', () => {
    const record = alphaPaymentRecord(
      paymentOf(
        { testPayment: false, payWalletKeyId: 'key-1', payCurrency: 'btc', payAmount: '0.00027398' },
        { status: 'finished', actuallyPaid: '0.00027398', outcomeAmount: '0.00027398' },
      ),
      context,
    );
    expect(record).toMatchObject({ payment_amount: '0.00027398', merchant_amount: '0.00027398' });
  });

  it('shows what a sandbox payout kept out of the merchant amount', () => {
    const record = alphaPaymentRecord(
      paymentOf({}, { status: 'finished', actuallyPaid: '99.98', outcomeAmount: '98.98' }),
      context,
    );
    expect(record).toMatchObject({ payment_amount: '99.98000000', merchant_amount: '98.98000000' });
  });

  it('formats helpers as upstream prints them', () => {
    expect(offsetTimestamp('2025-06-30T23:59:59.999Z')).toBe('2025-06-30T23:59:59+00:00');
    expect(hostedPageUrl('http://localhost:8080', 'u-1')).toBe('http://localhost:8080/pay/u-1');
  });
});
