import { statusAfter, type PaymentEvent } from '@gw/domain';
import { RatesService } from '@gw/pricing';
import { catalogueFacts } from '../src/payloads/catalogue-facts';
import { paymentAtVersion } from '../src/payloads/payment-history';
import { isRepeatedPaymentOpening, lateDepositWebhookStatus, webhookStatusFor } from '@gw/families';
import { buildWebhookRequest } from '@gw/families';
import {
  cryptomusPyVerifier,
  nowPaymentsDocVerifier,
  nowPaymentsRawBodyVerifier,
  oxaPayPhpVerifier,
} from '@gw/families/testing';
import { fixedFacts, lateDeposit, paidLifecycle, paymentTerms, stored } from './support/payments';

/** The webhook statuses a whole stream produces, in order, as the notifier decides them. */
function webhookStatuses(events: PaymentEvent[]): string[] {
  const history = stored('payment-1', events);
  return history.flatMap((event) => {
    if (statusAfter({ type: event.type, data: event.data } as PaymentEvent) === null) return [];
    const at = paymentAtVersion(history, event.version)!;
    const status = webhookStatusFor(at.payment.family, at.statusBefore, at.payment.status);
    return status ? [status] : [];
  });
}

describe('which status changes trigger a webhook', () => {
  it('V1 notifies every payment_status change, creation included', () => {
    expect(webhookStatuses(paidLifecycle(paymentTerms({ family: 'v1' })))).toEqual([
      'waiting',
      'confirming',
      'confirmed',
      'sending',
      'finished',
    ]);
  });

  it('family A notifies only changes of its own status that Cryptomus sends', () => {
    expect(webhookStatuses(paidLifecycle(paymentTerms({ family: 'alpha' })))).toEqual([
      'confirm_check',
      'paid',
    ]);
  });

  it('family B notifies Paying once and then Paid', () => {
    expect(webhookStatuses(paidLifecycle(paymentTerms({ family: 'beta' })))).toEqual(['Paying', 'Paid']);
  });

  it('underpayment and expiry reach every family in its own words', () => {
    expect(webhookStatusFor('v1', 'waiting', 'partially_paid')).toBe('partially_paid');
    expect(webhookStatusFor('alpha', 'waiting', 'partially_paid')).toBe('wrong_amount');
    expect(webhookStatusFor('beta', 'waiting', 'partially_paid')).toBe('Underpaid');
    expect(webhookStatusFor('alpha', 'waiting', 'expired')).toBe('cancel');
    expect(webhookStatusFor('beta', 'waiting', 'expired')).toBe('Expired');
    expect(webhookStatusFor('beta', null, 'waiting')).toBeNull();
  });
});

describe('payload as of the event', () => {
  it('does not leak later statuses or amounts into an earlier webhook', () => {
    const history = stored('payment-1', paidLifecycle(paymentTerms()));
    const confirming = paymentAtVersion(history, 3)!;
    const body = JSON.parse(buildWebhookRequest(confirming.payment, fixedFacts, 's').body) as Record<
      string,
      unknown
    >;
    expect(body.payment_status).toBe('confirming');
    expect(body.outcome_amount).toBe(0);
    expect(body.actually_paid).toBe(0.0015);
    expect(confirming.statusBefore).toBe('waiting');
  });

  it('is null for a version the stream has not reached', () => {
    expect(paymentAtVersion(stored('payment-1', paidLifecycle(paymentTerms())), 99)).toBeNull();
  });
});

describe('each family on the wire', () => {
  const finished = (family: 'v1' | 'alpha' | 'beta', testPayment = true) => {
    const terms = paymentTerms({
      family,
      testPayment,
      // As family B's intake records fee_paid_by_payer: in the terms and in the family's own.
      isFeePaidByUser: family === 'beta',
      alpha:
        family === 'alpha'
          ? {
              network: 'btc',
              discountPercent: 0,
              discount: '0',
              additionalData: 'ref/7',
              subtractPercent: '0',
              toCurrency: null,
              isRefresh: false,
            }
          : null,
      beta:
        family === 'beta'
          ? {
              lifetimeMinutes: 60,
              feePaidByPayer: true,
              toCurrency: null,
              email: 'buyer@shop.example',
              thanksMessage: null,
              description: 'Order 1',
            }
          : null,
    });
    const history = stored('payment-1', paidLifecycle(terms));
    return paymentAtVersion(history, history.length)!.payment;
  };

  it('V1: key-sorted JSON, numbers, nested fee, payin_hash, x-nowpayments-sig accepted by both verifier styles', () => {
    const request = buildWebhookRequest(finished('v1'), fixedFacts, 'ipn-secret');
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([...Object.keys(body)].sort());
    expect(body).toMatchObject({
      payment_id: 5077125051,
      payment_status: 'finished',
      price_amount: 100,
      pay_amount: 0.0015,
      actually_paid: 0.0015,
      actually_paid_at_fiat: 100,
      outcome_amount: 0.001485,
      payin_hash: 'tx-1',
      purchase_id: '4522411231',
      is_test: true,
      fee: { currency: 'btc', depositFee: 0, serviceFee: 0.000015, withdrawalFee: 0 },
    });
    const signature = request.headers['x-nowpayments-sig']!;
    expect(nowPaymentsDocVerifier(request.body, signature, 'ipn-secret')).toBe(true);
    expect(nowPaymentsRawBodyVerifier(Buffer.from(request.body), signature, 'ipn-secret')).toBe(true);
  });

  it('family A: money as 8-decimal strings, txid, sign last, accepted by the pyCryptomusAPI recipe', () => {
    const request = buildWebhookRequest(finished('alpha'), fixedFacts, 'payment-key');
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'payment',
      uuid: '8b03432e-0000-4000-8000-000000000001',
      order_id: 'A-1',
      amount: '100.00000000',
      payment_amount: '0.00150000',
      merchant_amount: '0.00148500',
      commission: '0.00001500',
      is_final: true,
      is_test: true,
      status: 'paid',
      currency: 'USD',
      payer_currency: 'BTC',
      network: 'btc',
      txid: 'tx-1',
      additional_data: 'ref/7',
    });
    expect(request.body).toContain('"additional_data":"ref\\/7"');
    expect(Object.keys(body).pop()).toBe('sign');
    expect(cryptomusPyVerifier(request.body, 'payment-key')).toBe(true);
  });

  it('family A: names the network as its record does (tron, polygon), not by the catalogue code', () => {
    const paid = finished('alpha');
    const onPolygon = {
      ...paid,
      payCurrency: 'maticmainnet',
      payNetwork: 'matic',
      alpha: { ...paid.alpha!, network: 'polygon' },
    };
    const body = JSON.parse(buildWebhookRequest(onPolygon, fixedFacts, 'payment-key').body) as Record<
      string,
      unknown
    >;
    expect(body.network).toBe('polygon');
  });

  it('family B: Capitalised status, track_id string, number amounts, HMAC header accepted by the PHP SDK check', () => {
    const request = buildWebhookRequest(finished('beta'), fixedFacts, 'beta-key');
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      track_id: '5077125051',
      status: 'Paid',
      type: 'invoice',
      amount: 100,
      currency: 'USD',
      fee_paid_by_payer: 1,
      email: 'buyer@shop.example',
      description: 'Order 1',
      sandbox: true,
      txs: [
        {
          status: 'confirmed',
          tx_hash: 'tx-1',
          sent_amount: 0.0015,
          currency: 'BTC',
          network: 'Bitcoin',
          confirmations: 2,
          value: 90,
        },
      ],
    });
    expect(oxaPayPhpVerifier(Buffer.from(request.body), request.headers, 'beta-key')).toBe(true);
  });

  it('family B names a crypto price by its symbol, as its API does, whatever listing the payer used', () => {
    const paid = finished('beta');
    const inUsdt = { ...paid, priceCurrency: 'usdttrc20', payCurrency: 'usdterc20', payNetwork: 'eth' };
    const catalogue = new RatesService({
      source: 'test',
      takenAt: '2025-01-01T00:00:00.000Z',
      pricesUsd: {},
    });
    const facts = catalogueFacts({
      current: () => catalogue,
      live: () => null,
      fixed: () => catalogue,
      refresh: () => Promise.resolve(),
    });
    const body = JSON.parse(buildWebhookRequest(inUsdt, facts, 'beta-key').body) as Record<string, unknown>;
    expect(body).toMatchObject({
      currency: 'USDT',
      txs: [{ currency: 'USDT', network: 'Ethereum (ERC-20)' }],
    });
  });

  it('a payment to the merchant wallet says it is real, inside what each family signs', () => {
    const v1 = buildWebhookRequest(finished('v1', false), fixedFacts, 'ipn-secret');
    expect(JSON.parse(v1.body)).toMatchObject({ is_test: false });
    expect(nowPaymentsDocVerifier(v1.body, v1.headers['x-nowpayments-sig']!, 'ipn-secret')).toBe(true);
    const alpha = buildWebhookRequest(finished('alpha', false), fixedFacts, 'payment-key');
    expect(JSON.parse(alpha.body)).toMatchObject({ is_test: false });
    expect(cryptomusPyVerifier(alpha.body, 'payment-key')).toBe(true);
    const beta = buildWebhookRequest(finished('beta', false), fixedFacts, 'beta-key');
    expect(JSON.parse(beta.body)).toMatchObject({ sandbox: false });
    expect(oxaPayPhpVerifier(Buffer.from(beta.body), beta.headers, 'beta-key')).toBe(true);
  });
});

describe('money that arrives after the payment was done', () => {
  const afterLateDeposit = (family: 'v1' | 'alpha' | 'beta') => {
    const history = stored('payment-1', [...paidLifecycle(paymentTerms({ family })), lateDeposit(family)]);
    return paymentAtVersion(history, history.length)!.payment;
  };
  const bodyOf = (family: 'v1' | 'alpha' | 'beta') =>
    JSON.parse(buildWebhookRequest(afterLateDeposit(family), fixedFacts, 'key').body) as Record<
      string,
      unknown
    >;

  it('family A says paid_over, with the late transaction and everything received', () => {
    expect(lateDepositWebhookStatus(afterLateDeposit('alpha'))).toBe('paid_over');
    expect(bodyOf('alpha')).toMatchObject({
      status: 'paid_over',
      is_final: true,
      txid: 'tx-late',
      payment_amount: '0.00300000',
    });
  });

  it('family B lists the late transaction in txs, status unchanged', () => {
    expect(lateDepositWebhookStatus(afterLateDeposit('beta'))).toBe('Paid');
    const body = bodyOf('beta');
    expect(body.status).toBe('Paid');
    expect((body.txs as { tx_hash: string }[]).map((tx) => tx.tx_hash)).toEqual(['tx-1', 'tx-late']);
  });

  it('V1 leaves the IPN to the repeated payment and lists it on the parent', () => {
    expect(lateDepositWebhookStatus(afterLateDeposit('v1'))).toBeNull();
    expect(bodyOf('v1')).toMatchObject({
      payment_extra_ids: [5077999001],
      actually_paid: 0.0015,
      parent_payment_id: null,
    });
  });

  it('a repeated payment sends no waiting IPN: it opens with its money on it', () => {
    const child = paymentTerms({ paymentId: 5077999001, parentPaymentId: 5077125051 });
    const opened = paymentAtVersion(
      stored('payment-5077999001', [{ type: 'PaymentCreated', data: child }]),
      1,
    )!;
    expect(isRepeatedPaymentOpening(opened.payment, opened.statusBefore)).toBe(true);
    const parent = paymentAtVersion(
      stored('payment-1', [{ type: 'PaymentCreated', data: paymentTerms() }]),
      1,
    )!;
    expect(isRepeatedPaymentOpening(parent.payment, parent.statusBefore)).toBe(false);
  });

  it('a repeated payment names its parent in every IPN', () => {
    const child = paymentTerms({ paymentId: 5077999001, parentPaymentId: 5077125051 });
    const history = stored('payment-5077999001', [{ type: 'PaymentCreated', data: child }]);
    const body = JSON.parse(
      buildWebhookRequest(paymentAtVersion(history, 1)!.payment, fixedFacts, 'k').body,
    ) as Record<string, unknown>;
    expect(body).toMatchObject({ payment_id: 5077999001, parent_payment_id: 5077125051 });
  });
});
