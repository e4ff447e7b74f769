import type { Family, PaymentEvent, PaymentTerms } from '@gw/domain';
import { uuidFrom } from '@gw/platform';
import { RatesService } from '@gw/pricing';
import { projectPayment, type PaymentDocument } from '@gw/views';
import {
  alphaPaymentRecord,
  alphaWebhookPayload,
  betaListItem,
  betaPaymentInformation,
  betaWebhookPayload,
  toPaymentRecord,
  v1IpnPayload,
  type CurrencyFacts,
} from '../src';

/**
 * A record and its webhook are two views of one projection (the read model's document): every field
 * they share has the same value, at every point of a payment's life. The fields named below differ by
 * design, each for the reason given.
 */
const rates = new RatesService({ source: 'test', takenAt: '2025-01-01T00:00:00.000Z', pricesUsd: {} });
const facts: CurrencyFacts = {
  usdValue: (amount) => amount,
  describe: (code) => ({ ticker: code.toUpperCase(), networkName: code }),
};

const AT = '2026-01-01T10:05:00.000Z';

function termsOf(family: Family, overrides: Partial<PaymentTerms> = {}): PaymentTerms {
  return {
    paymentId: 5_077_125_051,
    uuid: '8b03432e-0000-4000-8000-000000000001',
    trackId: '5077125051',
    merchantId: 'merchant-1',
    family,
    priceAmount: '100',
    priceCurrency: 'usd',
    payCurrency: 'btc',
    payNetwork: 'btc',
    payAmount: '0.0015',
    payDecimals: 8,
    payAddress: 'bc1qpay',
    payinExtraId: null,
    payWalletKeyId: null,
    payAddressIndex: null,
    testPayment: true,
    outcomeCurrency: 'btc',
    orderId: 'A-1',
    orderDescription: 'Order / one',
    purchaseId: 4_522_411_231,
    invoiceId: null,
    callbackUrl: 'https://shop.example/hook',
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
    underpaidTolerancePercent: '0',
    isPaymentMultiple: true,
    requiredConfirmations: 2,
    isFixedRate: false,
    isFeePaidByUser: family === 'beta',
    sandboxCase: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    expiresAt: '2026-01-01T11:00:00.000Z',
    alpha:
      family === 'alpha'
        ? {
            network: 'bitcoin',
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
    parentPaymentId: null,
    ...overrides,
  };
}

const deposit = (txHash: string, amount: string, actuallyPaid: string): PaymentEvent => ({
  type: 'DepositDetected',
  data: { txHash, amount, fromAddress: 'bc1qsender', confirmations: 2, detectedAt: AT, actuallyPaid },
});

/** A payment's documents at each step of the lives that matter: underpaid, expired, paid out, paid more later. */
function documentsOf(family: Family): [string, PaymentDocument][] {
  const terms = termsOf(family);
  const lives: Record<string, PaymentEvent[]> = {
    underpaid: [
      deposit('tx-1', '0.0005', '0.0005'),
      { type: 'PaymentUnderpaid', data: { actuallyPaid: '0.0005', missingAmount: '0.001', at: AT } },
    ],
    expired: [{ type: 'PaymentExpired', data: { at: AT } }],
    'refund asked, then sent': [
      deposit('tx-1', '0.0015', '0.0015'),
      { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at: AT } },
      { type: 'PaymentConfirmed', data: { actuallyPaid: '0.0015', at: AT } },
      { type: 'PaymentFinished', data: { payoutHash: null, outcomeAmount: '0.0015', at: AT } },
      { type: 'PaymentRefundRequested', data: { address: 'bc1qbuyer', amount: '0.0015', at: AT } },
      { type: 'PaymentRefunded', data: { refundHash: 'refund-tx', at: AT } },
    ],
    'paid, then more': [
      deposit('tx-1', '0.0015', '0.0015'),
      { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at: AT } },
      { type: 'PaymentConfirmed', data: { actuallyPaid: '0.0015', at: AT } },
      { type: 'PayoutStarted', data: { outcomeAmount: '0.001485', outcomeCurrency: 'btc', at: AT } },
      { type: 'PaymentFinished', data: { payoutHash: 'payout-1', outcomeAmount: '0.001485', at: AT } },
      {
        type: 'LateDepositReceived',
        data: {
          txHash: 'tx-late',
          amount: '0.0002',
          fromAddress: 'bc1qlate',
          confirmations: 0,
          detectedAt: AT,
          paymentStatus: 'finished',
          repeatedPayment:
            family === 'v1'
              ? { paymentId: 5_077_999_001, uuid: '8b03432e-0000-4000-8000-0000000000c1' }
              : null,
        },
      },
    ],
  };
  const documents: [string, PaymentDocument][] = [];
  for (const [life, events] of Object.entries(lives)) {
    let doc = projectPayment(null, { type: 'PaymentCreated', data: terms }, 1)!;
    documents.push([`${life}: created`, doc]);
    for (const [i, event] of events.entries()) {
      doc = projectPayment(doc, event, i + 2)!;
      documents.push([`${life}: ${event.type}`, doc]);
    }
  }
  return documents;
}

/** The fields `a` and `b` both have, with the value each gives, except `apart` (named differences). */
function shared(a: object, b: object, apart: string[]): [Record<string, unknown>, Record<string, unknown>] {
  const keys = Object.keys(a).filter((key) => key in b && !apart.includes(key));
  const pick = (o: object) =>
    Object.fromEntries(keys.map((key) => [key, (o as Record<string, unknown>)[key]]));
  return [pick(a), pick(b)];
}

describe('a record and its webhook share every common field', () => {
  it.each(documentsOf('v1'))('V1, %s: the IPN and GET /v1/payment/{id}', (_step, doc) => {
    // purchase_id: a string in the upstream IPN example, a number in the record.
    const [ipn, record] = shared(v1IpnPayload(doc), toPaymentRecord(doc), ['purchase_id']);
    expect(Object.keys(ipn).length).toBeGreaterThan(15);
    expect(ipn).toEqual(record);
    expect(v1IpnPayload(doc).purchase_id).toBe(String(toPaymentRecord(doc).purchase_id));
  });

  it.each(documentsOf('alpha'))('family A, %s: the webhook and /payment/info', (_step, doc) => {
    const record = alphaPaymentRecord(doc, { baseUrl: 'https://pay.example', rates });
    const [webhook, fromRecord] = shared(alphaWebhookPayload(doc, facts), record, [
      // The webhook names the transaction it is about (the latest money); the record the first one.
      'txid',
      // The webhook's sender is the first money's, late money included when nothing counted.
      'from',
      // Currency names: the record's from the catalogue, the webhook's through CurrencyFacts.
      'currency',
      'payer_currency',
      'network',
    ]);
    expect(Object.keys(webhook)).toEqual(
      expect.arrayContaining(['merchant_amount', 'payment_amount', 'status', 'is_final', 'payer_amount']),
    );
    expect(webhook).toEqual(fromRecord);
  });

  it.each(documentsOf('beta'))(
    'family B, %s: the callback, the history item and the information',
    (_step, doc) => {
      const webhook = betaWebhookPayload(doc, facts);
      // Currency names come from the catalogue in the API and through CurrencyFacts in the callback;
      // txs entries have upstream's two different shapes.
      const apart = ['currency', 'txs'];
      const [fromWebhook, item] = shared(webhook, betaListItem(doc, rates), apart);
      expect(fromWebhook).toEqual(item);
      const [again, information] = shared(webhook, betaPaymentInformation(doc, rates), apart);
      expect(Object.keys(again)).toEqual(
        expect.arrayContaining(['fee_paid_by_payer', 'description', 'email']),
      );
      expect(again).toEqual(information);
    },
  );
});

describe("family B's callback names the payment's own kind", () => {
  const created = (terms: PaymentTerms): PaymentDocument => {
    const doc = projectPayment(null, { type: 'PaymentCreated', data: terms }, 1);
    if (!doc) throw new Error('no document');
    return doc;
  };

  it.each([
    ['a white-label payment', termsOf('beta', { kind: 'white_label' }), 'white_label'],
    ['a static-address deposit', termsOf('beta', { kind: 'static_address' }), 'static_address'],
    ['an invoice', termsOf('beta', { kind: 'invoice' }), 'invoice'],
    ['an invoice created before kinds were recorded', termsOf('beta'), 'invoice'],
  ])('%s is %s', (_name, terms, type) => {
    expect(betaWebhookPayload(created(terms), facts).type).toBe(type);
  });
});

describe("family A's webhook of a static wallet's top-up", () => {
  const created = (terms: PaymentTerms): PaymentDocument => {
    const doc = projectPayment(null, { type: 'PaymentCreated', data: terms }, 1);
    if (!doc) throw new Error('no document');
    return doc;
  };

  it('is type wallet and names the wallet, as upstream reports top-ups', () => {
    const webhook = alphaWebhookPayload(
      created(termsOf('alpha', { kind: 'static_address', staticAddressId: 5_105_640_311 })),
      facts,
    );
    expect(webhook).toMatchObject({
      type: 'wallet',
      wallet_address_uuid: uuidFrom('static-address:5105640311'),
    });
  });

  it("is type payment with no wallet for an invoice's payment", () => {
    expect(alphaWebhookPayload(created(termsOf('alpha')), facts)).toMatchObject({
      type: 'payment',
      wallet_address_uuid: null,
    });
  });
});
