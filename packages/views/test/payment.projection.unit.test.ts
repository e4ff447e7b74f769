import { paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import type { PaymentEvent } from '@gw/domain';
import { projectPayment } from '../src/payment.projection';
import type { PaymentDocument } from '../src/documents';

const terms = samplePaymentTerms();
const at = '2026-01-01T10:05:00.000Z';
const dropAt = '2026-01-01T11:00:00.000Z';

const project = (events: PaymentEvent[]): PaymentDocument =>
  events.reduce<PaymentDocument | null>((doc, event, i) => projectPayment(doc, event, i + 1), null)!;

const detected = (txHash: string, amount: string, actuallyPaid: string, confirmations = 0): PaymentEvent => ({
  type: 'DepositDetected',
  data: {
    txHash,
    outputIndex: 0,
    amount,
    fromAddress: `from-${txHash}`,
    confirmations,
    detectedAt: at,
    actuallyPaid,
  },
});

describe('the payment read model when a deposit leaves the chain for good', () => {
  it('takes a dropped deposit out of what was paid and lists it apart', () => {
    const doc = project([
      { type: 'PaymentCreated', data: terms },
      detected('tx1', '0.0005', '0.0005', 3),
      { type: 'PaymentUnderpaid', data: { actuallyPaid: '0.0005', missingAmount: '0.001', at } },
      detected('tx2', '0.001', '0.0015'),
      { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
      {
        type: 'DepositDropped',
        data: {
          txHash: 'tx1',
          outputIndex: 0,
          amount: '0.0005',
          actuallyPaid: '0.001',
          paymentStatus: 'partially_paid',
          at: dropAt,
        },
      },
    ]);
    expect(doc).toMatchObject({
      status: 'partially_paid',
      actuallyPaid: '0.001',
      actuallyPaidValue: 0.001,
      payinHash: 'tx2',
      fromAddress: 'from-tx2',
      confirmations: 0,
      updatedAt: dropAt,
    });
    expect(doc.deposits.map((d) => d.txHash)).toEqual(['tx2']);
    expect(doc.droppedDeposits).toEqual([
      {
        txHash: 'tx1',
        outputIndex: 0,
        amount: '0.0005',
        fromAddress: 'from-tx1',
        confirmations: 0,
        detectedAt: at,
        droppedAt: dropAt,
        stillCounted: false,
      },
    ]);
  });

  it('keeps a settled payment as it was, its deposit counted, and records the drop', () => {
    const lifecycle = paidLifecycle(terms, { txHash: 'tx1', payoutHash: 'payout-1' });
    const before = project(lifecycle);
    const doc = project([
      ...lifecycle,
      {
        type: 'SettledDepositDropped',
        data: {
          txHash: 'tx1',
          outputIndex: null,
          amount: terms.payAmount,
          paymentStatus: 'finished',
          at: dropAt,
        },
      },
    ]);
    expect(doc).toMatchObject({
      status: 'finished',
      actuallyPaid: before.actuallyPaid,
      outcomeAmount: before.outcomeAmount,
      payinHash: 'tx1',
      confirmations: 0,
    });
    expect(doc.deposits).toHaveLength(1);
    expect(doc.droppedDeposits).toMatchObject([{ txHash: 'tx1', droppedAt: dropAt, stillCounted: true }]);
  });
});

describe('the payment read model when money was on the address before the payment', () => {
  it('lists the prior deposit apart and counts nothing of it', () => {
    const block = { height: 98, hash: 'block-98' };
    const doc = project([
      { type: 'PaymentCreated', data: { ...terms, payAddressChainTip: { height: 100, hash: 'block-100' } } },
      {
        type: 'PriorDepositReceived',
        data: {
          txHash: 'tx-old',
          outputIndex: 0,
          amount: '0.0015',
          fromAddress: null,
          confirmations: 3,
          detectedAt: at,
          block,
        },
      },
    ]);
    expect(doc).toMatchObject({ status: 'waiting', actuallyPaid: '0', deposits: [] });
    expect(doc.priorDeposits).toEqual([
      {
        txHash: 'tx-old',
        outputIndex: 0,
        amount: '0.0015',
        fromAddress: null,
        confirmations: 3,
        detectedAt: at,
        block,
      },
    ]);
  });
});

it("keeps the UTC minute of the payment's creation, which chain watchers find new payments by", () => {
  const created = project([
    { type: 'PaymentCreated', data: { ...terms, createdAt: '2026-01-02T09:59:59.999Z' } },
  ]);
  expect(created.createdMinute).toBe('2026-01-02T09:59');
  expect(
    project([{ type: 'PaymentCreated', data: terms }, detected('tx1', '0.0005', '0.0005')]).createdMinute,
  ).toBe(project([{ type: 'PaymentCreated', data: terms }]).createdMinute);
});

it('flags a refund waiting for the merchant, which chain watchers find pending refunds by', () => {
  const created: PaymentEvent = { type: 'PaymentCreated', data: terms };
  const asked: PaymentEvent = {
    type: 'PaymentRefundRequested',
    data: { address: 'bc1qbuyer', amount: '0.0015', at: '2026-01-03T10:00:00.000Z' },
  };
  const refunded: PaymentEvent = {
    type: 'PaymentRefunded',
    data: { refundHash: 'tx-refund', at: '2026-01-03T11:00:00.000Z' },
  };
  expect(project([created]).refundPending).toBe(false);
  expect(project([created, asked]).refundPending).toBe(true);
  expect(project([created, asked, detected('tx1', '0.0005', '0.0005')]).refundPending).toBe(true);
  expect(project([created, asked, refunded]).refundPending).toBe(false);
});

describe("the payment read model's expiry minute, which the scheduler finds due payments by", () => {
  const underpaid: PaymentEvent[] = [
    { type: 'PaymentCreated', data: terms },
    detected('tx1', '0.0005', '0.0005'),
    { type: 'PaymentUnderpaid', data: { actuallyPaid: '0.0005', missingAmount: '0.001', at } },
  ];

  it('is the UTC minute of the expiry while the payment waits, and follows a new estimate', () => {
    expect(project([{ type: 'PaymentCreated', data: terms }]).expiryMinute).toBe('2026-01-02T10:00');
    const estimated = project([
      { type: 'PaymentCreated', data: terms },
      {
        type: 'PaymentEstimateUpdated',
        data: { payAmount: '0.0016', expiresAt: '2026-01-02T11:29:59.999Z', at },
      },
    ]);
    expect(estimated.expiryMinute).toBe('2026-01-02T11:29');
  });

  it('comes back when a dropped deposit leaves the payment waiting again', () => {
    const doc = project([
      ...underpaid,
      {
        type: 'DepositDropped',
        data: {
          txHash: 'tx1',
          outputIndex: 0,
          amount: '0.0005',
          actuallyPaid: '0',
          paymentStatus: 'waiting',
          at: dropAt,
        },
      },
    ]);
    expect(doc.status).toBe('waiting');
    expect(doc.expiryMinute).toBe('2026-01-02T10:00');
  });

  it('is null once the payment stops waiting', () => {
    const doc = project(underpaid);
    expect(doc.status).toBe('partially_paid');
    expect(doc.expiryMinute).toBeNull();
    expect(
      project([
        { type: 'PaymentCreated', data: terms },
        { type: 'PaymentExpired', data: { at } },
      ]).expiryMinute,
    ).toBeNull();
  });
});
