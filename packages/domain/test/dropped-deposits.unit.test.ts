import { paymentAggregate } from '../src';
import type { PaymentEvent, PaymentTerms } from '../src/payment/payment';
import { paidLifecycle } from '../src/testing/payment-fixtures';
import { deciderSpec } from '../src/testing/decider-spec';
import { meta, paymentTerms } from './fixtures';

const spec = deciderSpec(paymentAggregate);
const at = meta().now;
const dropAt = '2026-01-01T11:00:00.000Z';
const afterExpiry = '2026-01-02T11:00:00.000Z';

const drop = (txHash: string, now = dropAt, outputIndex: number | null = 0) => ({
  type: 'DropDeposit' as const,
  data: { txHash, outputIndex },
  metadata: meta(now),
});

const observe = (txHash: string, amount: string, confirmations: number, now: string) => ({
  type: 'RecordDeposit' as const,
  data: { txHash, outputIndex: 0, amount, fromAddress: null, confirmations },
  metadata: meta(now),
});

const detected = (
  txHash: string,
  amount: string,
  confirmations: number,
  actuallyPaid: string,
): PaymentEvent => ({
  type: 'DepositDetected',
  data: { txHash, outputIndex: 0, amount, fromAddress: null, confirmations, detectedAt: at, actuallyPaid },
});

const dropped = (
  txHash: string,
  amount: string,
  actuallyPaid: string,
  paymentStatus: 'waiting' | 'partially_paid' | 'expired' | 'confirming',
  when = dropAt,
): PaymentEvent => ({
  type: 'DepositDropped',
  data: { txHash, outputIndex: 0, amount, actuallyPaid, paymentStatus, at: when },
});

const confirmingOn = (terms: PaymentTerms = paymentTerms()): PaymentEvent[] => [
  { type: 'PaymentCreated', data: terms },
  detected('tx1', '0.0015', 1, '0.0015'),
  { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
  { type: 'DepositConfirmationsLost', data: { txHash: 'tx1', outputIndex: 0, confirmations: 0, at } },
];

describe('a deposit whose transaction left the chain for good', () => {
  describe('when confirming on that one deposit', () => {
    it('goes back to waiting with nothing paid', () => {
      spec
        .given(confirmingOn())
        .when(drop('tx1'))
        .then([dropped('tx1', '0.0015', '0', 'waiting')]);
    });

    it('expires instead when its lifetime is over', () => {
      spec
        .given(confirmingOn())
        .when(drop('tx1', afterExpiry))
        .then([dropped('tx1', '0.0015', '0', 'expired', afterExpiry)]);
    });

    it('folds back to a waiting payment that takes the money again', () => {
      const state = spec.given([...confirmingOn(), dropped('tx1', '0.0015', '0', 'waiting')]).state();
      expect(state).toMatchObject({ status: 'waiting', actuallyPaid: '0', deposits: [] });
      expect(state.status !== 'none' && state.droppedDeposits.map((d) => d.txHash)).toEqual(['tx1']);
    });

    it('ignores a drop older than the last observation applied (the deposit came back since)', () => {
      spec.given(confirmingOn()).when(drop('tx1', '2026-01-01T09:00:00.000Z')).then([]);
    });

    it('ignores a deposit it does not hold', () => {
      spec.given(confirmingOn()).when(drop('tx-unknown')).then([]);
    });
  });

  describe('when other deposits remain', () => {
    const twoDeposits: PaymentEvent[] = [
      { type: 'PaymentCreated', data: paymentTerms() },
      detected('tx1', '0.001', 2, '0.001'),
      { type: 'PaymentUnderpaid', data: { actuallyPaid: '0.001', missingAmount: '0.0005', at } },
      detected('tx2', '0.0005', 0, '0.0015'),
      { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
    ];

    it('steps back to partially paid when the rest is short of the amount', () => {
      spec
        .given(twoDeposits)
        .when(drop('tx2'))
        .then([dropped('tx2', '0.0005', '0.001', 'partially_paid')]);
    });

    it('stays partially paid, lifetime over or not, while something remains', () => {
      spec
        .given([
          { type: 'PaymentCreated', data: paymentTerms() },
          detected('tx1', '0.001', 2, '0.001'),
          { type: 'PaymentUnderpaid', data: { actuallyPaid: '0.001', missingAmount: '0.0005', at } },
          detected('tx2', '0.0002', 0, '0.0012'),
          { type: 'PaymentUnderpaid', data: { actuallyPaid: '0.0012', missingAmount: '0.0003', at } },
        ])
        .when(drop('tx2', afterExpiry))
        .then([dropped('tx2', '0.0002', '0.001', 'partially_paid', afterExpiry)]);
    });

    it('is confirmed at once when the deposits left already hold their confirmations', () => {
      const overpaid: PaymentEvent[] = [
        { type: 'PaymentCreated', data: paymentTerms() },
        detected('tx1', '0.0015', 2, '0.0015'),
        { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
        detected('tx2', '0.0005', 0, '0.002'),
      ];
      spec
        .given(overpaid)
        .when(drop('tx2'))
        .then([
          dropped('tx2', '0.0005', '0.0015', 'confirming'),
          { type: 'PaymentConfirmed', data: { actuallyPaid: '0.0015', at: dropAt } },
        ]);
    });
  });

  describe('when the transaction comes back after the drop', () => {
    const afterDrop = [...confirmingOn(), dropped('tx1', '0.0015', '0', 'waiting')];

    it('counts it again as a new deposit, once', () => {
      const later = '2026-01-01T12:00:00.000Z';
      spec
        .given(afterDrop)
        .when(observe('tx1', '0.0015', 1, later))
        .then([
          {
            type: 'DepositDetected',
            data: {
              txHash: 'tx1',
              outputIndex: 0,
              amount: '0.0015',
              fromAddress: null,
              confirmations: 1,
              detectedAt: later,
              actuallyPaid: '0.0015',
            },
          },
          { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at: later } },
        ]);
    });

    it('ignores an observation made before the drop (a late redelivery)', () => {
      spec
        .given(afterDrop)
        .when(observe('tx1', '0.0015', 1, '2026-01-01T10:30:00.000Z'))
        .then([]);
    });
  });

  describe('when the payment is settled', () => {
    const settledDrop = (paymentStatus: 'finished' | 'partially_paid', amount: string): PaymentEvent => ({
      type: 'SettledDepositDropped',
      data: { txHash: 'tx-1', outputIndex: null, amount, paymentStatus, at: dropAt },
    });

    it('keeps a finished payment finished and its money counted, recording the loss', () => {
      const history = paidLifecycle(paymentTerms(), { txHash: 'tx-1', payoutHash: 'payout-1' });
      spec
        .given(history)
        .when(drop('tx-1', dropAt, null))
        .then([settledDrop('finished', '0.00150000')]);
      const state = spec.given([...history, settledDrop('finished', '0.00150000')]).state();
      expect(state).toMatchObject({ status: 'finished', actuallyPaid: '0.00150000' });
      expect(state.status !== 'none' && state.deposits[0]?.confirmations).toBe(0);
    });

    it("keeps family A's final wrong_amount as it is", () => {
      const alpha = paymentTerms({ family: 'alpha' });
      spec
        .given([
          { type: 'PaymentCreated', data: alpha },
          {
            type: 'DepositDetected',
            data: {
              txHash: 'tx-1',
              outputIndex: null,
              amount: '0.001',
              fromAddress: null,
              confirmations: 0,
              detectedAt: at,
              actuallyPaid: '0.001',
            },
          },
          { type: 'PaymentUnderpaid', data: { actuallyPaid: '0.001', missingAmount: '0.0005', at } },
        ])
        .when(drop('tx-1', dropAt, null))
        .then([settledDrop('partially_paid', '0.001')]);
    });
  });

  describe('replaying stored events', () => {
    it('ignores a drop of a deposit the payment does not hold', () => {
      const history = confirmingOn();
      const before = spec.given(history).state();
      expect(spec.given([...history, dropped('tx-other', '1', '0', 'waiting')]).state()).toEqual(before);
    });
  });
});
