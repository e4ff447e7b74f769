import type { PaymentStatus } from '@gw/domain';
import { loadConfig } from '@gw/platform';
import type { PaymentDocument } from '@gw/views';
import { checkoutStateOf, stageOf } from '../src/checkout-state';
import { paymentStatusBody } from '../src/payment-status';
import { paymentUris } from '@gw/chain';

const NOW = new Date('2025-03-01T12:00:00.000Z');

function paymentOf(overrides: Partial<PaymentDocument> = {}): PaymentDocument {
  return {
    id: '1001',
    version: 1,
    paymentId: 1001,
    uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
    trackId: '1001',
    merchantId: 'm-1',
    family: 'v1',
    status: 'waiting',
    priceAmount: '100',
    priceAmountValue: 100,
    priceCurrency: 'usd',
    payCurrency: 'btc',
    payNetwork: 'btc',
    payAmount: '0.0011',
    payAmountValue: 0.0011,
    payDecimals: 8,
    actuallyPaid: '0',
    actuallyPaidValue: 0,
    outcomeAmount: '0',
    outcomeAmountValue: 0,
    outcomeCurrency: 'btc',
    payAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    payinExtraId: null,
    payWalletKeyId: null,
    payAddressIndex: null,
    testPayment: true,
    payinHash: null,
    payoutHash: null,
    fromAddress: null,
    confirmations: 0,
    requiredConfirmations: 2,
    orderId: 'o-1',
    orderDescription: null,
    purchaseId: 1,
    invoiceId: null,
    callbackUrl: null,
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
    underpaidTolerancePercent: '0',
    isPaymentMultiple: true,
    isFixedRate: false,
    isFeePaidByUser: false,
    sandboxCase: null,
    alpha: null,
    beta: null,
    createdAt: '2025-03-01T11:00:00.000Z',
    updatedAt: '2025-03-01T11:00:00.000Z',
    expiresAt: '2025-03-01T12:10:00.000Z',
    paidAt: null,
    parentPaymentId: null,
    deposits: [],
    lateDeposits: [],
    ...overrides,
  };
}

const v1Urls = {
  success: 'https://shop.example/thanks',
  cancel: 'https://shop.example/cart',
  partiallyPaid: 'https://shop.example/partial',
  return: null,
};

describe('checkout stages', () => {
  it.each<[PaymentStatus, string]>([
    ['waiting', 'waiting'],
    ['confirming', 'confirming'],
    ['confirmed', 'paid'],
    ['sending', 'paid'],
    ['finished', 'paid'],
    ['partially_paid', 'partially_paid'],
    ['expired', 'expired'],
    ['failed', 'failed'],
    ['refunded', 'refunded'],
  ])('shows a %s payment as %s', (status, stage) => {
    expect(stageOf(status)).toBe(stage);
  });
});

describe('what the buyer owes and how long is left', () => {
  it('asks for the whole amount while waiting, counted on the server clock', () => {
    const state = checkoutStateOf(paymentOf(), NOW);
    expect(state).toMatchObject({ amountDue: '0.0011', missingAmount: '0.0011', secondsLeft: 600 });
  });

  it('asks for the missing part once partially paid', () => {
    const state = checkoutStateOf(paymentOf({ status: 'partially_paid', actuallyPaid: '0.0004' }), NOW);
    expect(state).toMatchObject({ amountDue: '0.0007', missingAmount: '0.0007' });
  });

  it('asks for nothing more of a family A underpayment, which is final (wrong_amount)', () => {
    const state = checkoutStateOf(
      paymentOf({ family: 'alpha', status: 'partially_paid', actuallyPaid: '0.0004' }),
      NOW,
    );
    expect(state).toMatchObject({ amountDue: null, missingAmount: '0.0007' });
  });

  it('asks for nothing once the money arrived, and never counts below zero', () => {
    const state = checkoutStateOf(
      paymentOf({ status: 'confirming', actuallyPaid: '0.0012' }),
      new Date('2025-03-02T00:00:00Z'),
    );
    expect(state).toMatchObject({ amountDue: null, missingAmount: '0', secondsLeft: 0 });
  });
});

describe('ways out by family and moment', () => {
  it('V1: success_url by itself after paying, partially_paid_url as a link, cancel_url while waiting', () => {
    expect(checkoutStateOf(paymentOf({ status: 'finished', redirectUrls: v1Urls }), NOW).wayOut).toEqual({
      url: 'https://shop.example/thanks',
      reason: 'success',
      automatic: true,
      delaySeconds: 5,
    });
    expect(
      checkoutStateOf(paymentOf({ status: 'partially_paid', redirectUrls: v1Urls }), NOW).wayOut,
    ).toMatchObject({
      url: 'https://shop.example/partial',
      automatic: false,
    });
    expect(checkoutStateOf(paymentOf({ redirectUrls: v1Urls }), NOW).wayOut).toMatchObject({
      url: 'https://shop.example/cart',
      automatic: false,
    });
  });

  it('V1 invoice: an expired payment offers picking again and the cancel link, without leaving by itself', () => {
    const state = checkoutStateOf(
      paymentOf({ status: 'expired', invoiceId: 'inv-1', redirectUrls: v1Urls }),
      NOW,
    );
    expect(state.pickAgainPath).toBe('/invoice/inv-1');
    expect(state.wayOut).toMatchObject({
      url: 'https://shop.example/cart',
      reason: 'cancel',
      automatic: false,
    });
  });

  it('family A: url_success after paying, url_return by itself on expiry', () => {
    const urls = {
      success: 'https://a.example/ok',
      cancel: null,
      partiallyPaid: null,
      return: 'https://a.example/back',
    };
    expect(
      checkoutStateOf(paymentOf({ family: 'alpha', status: 'confirmed', redirectUrls: urls }), NOW).wayOut,
    ).toMatchObject({
      url: 'https://a.example/ok',
      automatic: true,
    });
    expect(
      checkoutStateOf(paymentOf({ family: 'alpha', status: 'expired', redirectUrls: urls }), NOW).wayOut,
    ).toEqual({
      url: 'https://a.example/back',
      reason: 'return',
      automatic: true,
      delaySeconds: 10,
    });
  });

  it('family A without url_success: url_return is offered as a link after paying', () => {
    const urls = { success: null, cancel: null, partiallyPaid: null, return: 'https://a.example/back' };
    expect(
      checkoutStateOf(paymentOf({ family: 'alpha', status: 'finished', redirectUrls: urls }), NOW).wayOut,
    ).toMatchObject({
      url: 'https://a.example/back',
      automatic: false,
    });
  });

  it('family B: return_url by itself after paying', () => {
    const urls = { success: null, cancel: null, partiallyPaid: null, return: 'https://b.example/done' };
    expect(
      checkoutStateOf(paymentOf({ family: 'beta', status: 'finished', redirectUrls: urls }), NOW).wayOut,
    ).toMatchObject({
      url: 'https://b.example/done',
      reason: 'return',
      automatic: true,
    });
  });

  it('never sends the buyer to a script URL a merchant registered', () => {
    const urls = { success: 'javascript:alert(1)', cancel: null, partiallyPaid: null, return: null };
    expect(checkoutStateOf(paymentOf({ status: 'finished', redirectUrls: urls }), NOW).wayOut).toBeNull();
  });
});

describe('the status body the page polls', () => {
  it('carries the QR code and wallet link for what is due, and the redirect', () => {
    const payment = paymentOf({ status: 'partially_paid', actuallyPaid: '0.0001', redirectUrls: v1Urls });
    const body = paymentStatusBody(
      payment,
      checkoutStateOf(payment, NOW),
      paymentUris(loadConfig({}).chainWatchers),
    );
    expect(body).toMatchObject({
      stage: 'partially_paid',
      amount_due: '0.001',
      missing_amount: '0.001',
      qr_url: `/pay/${payment.uuid}/qr.svg?amount=0.001`,
      payment_uri: `bitcoin:${payment.payAddress}?amount=0.001`,
      expires_in_seconds: 600,
      redirect: {
        url: 'https://shop.example/partial',
        reason: 'partially_paid',
        automatic: false,
        delay_seconds: 0,
      },
    });
  });

  it("links a token to the contract of the network's configured node, on its chain", () => {
    const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const { chainWatchers } = loadConfig({
      ETH_RPC_URL: 'http://127.0.0.1:8545',
      ETH_CHAIN_ID: '31337',
      ETH_USDT_CONTRACT: contract,
    });
    const payAddress = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const payment = paymentOf({ payCurrency: 'usdterc20', payNetwork: 'eth', payAmount: '20', payAddress });
    const body = paymentStatusBody(payment, checkoutStateOf(payment, NOW), paymentUris(chainWatchers));
    expect(body.payment_uri).toBe(
      `ethereum:${contract}@31337/transfer?address=${payAddress}&uint256=20000000`,
    );
  });
});
