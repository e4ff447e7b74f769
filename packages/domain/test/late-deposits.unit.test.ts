import { paymentAggregate } from '../src';
import { alphaStatus } from '../src/payment/family-statuses';
import { isOverpaid, repeatedPaymentTerms, type ObservedDeposit } from '../src/payment/late-deposits';
import type { ExistingPayment, LateDeposit, PaymentEvent, PaymentTerms } from '../src/payment/payment';
import { paidLifecycle } from '../src/testing/payment-fixtures';
import { deciderSpec } from '../src/testing/decider-spec';
import { meta, paymentTerms } from './fixtures';

const spec = deciderSpec(paymentAggregate);
const at = meta().now;
const child = { paymentId: 5077999001, uuid: '8b03432e-0000-4000-8000-0000000000c1' };

const deposit = (
  txHash: string,
  amount: string,
  confirmations: number,
  extra: Partial<ObservedDeposit> = {},
) => ({
  type: 'RecordDeposit' as const,
  data: { txHash, amount, fromAddress: 'bc1qlate', confirmations, repeatedPayment: child, ...extra },
  metadata: meta(),
});

const late = (
  terms: PaymentTerms,
  paymentStatus: LateDeposit['paymentStatus'],
  overrides: Partial<LateDeposit> = {},
) => ({
  type: 'LateDepositReceived' as const,
  data: {
    txHash: 'tx-late',
    outputIndex: null,
    amount: '0.0015',
    fromAddress: 'bc1qlate',
    confirmations: 0,
    detectedAt: at,
    paymentStatus,
    repeatedPayment: terms.family === 'v1' ? child : null,
    ...overrides,
  },
});

const finished = (terms: PaymentTerms): PaymentEvent[] => paidLifecycle(terms);
const v1 = paymentTerms();
const alpha = paymentTerms({ family: 'alpha' });
const beta = paymentTerms({ family: 'beta' });

describe('money that arrives late or twice', () => {
  describe('when finished', () => {
    it('takes a second full deposit as a late deposit that opens a repeated payment (V1)', () => {
      spec
        .given(finished(v1))
        .when(deposit('tx-late', '0.0015', 0))
        .then([late(v1, 'finished')]);
    });

    it('keeps the late deposit on the payment itself in families A and B', () => {
      for (const terms of [alpha, beta]) {
        spec
          .given(finished(terms))
          .when(deposit('tx-late', '0.0015', 0))
          .then([late(terms, 'finished')]);
      }
    });

    it('never adds late money to what was paid', () => {
      const state = spec.given([...finished(v1), late(v1, 'finished')]).state() as ExistingPayment;
      expect(state).toMatchObject({ status: 'finished', actuallyPaid: v1.payAmount });
      expect(state.lateDeposits).toHaveLength(1);
    });

    it('ignores a redelivered late deposit', () => {
      spec
        .given([...finished(v1), late(v1, 'finished')])
        .when(deposit('tx-late', '0.0015', 0))
        .then([]);
    });

    it('records more confirmations of a late deposit, naming its repeated payment', () => {
      spec
        .given([...finished(v1), late(v1, 'finished')])
        .when(deposit('tx-late', '0.0015', 2))
        .then([
          {
            type: 'LateDepositConfirmationsUpdated',
            data: {
              txHash: 'tx-late',
              outputIndex: null,
              amount: '0.0015',
              confirmations: 2,
              repeatedPaymentId: child.paymentId,
              updatedAt: at,
            },
          },
        ]);
    });

    it('passes a reorganisation that takes confirmations away on to the repeated payment', () => {
      const confirmed = {
        type: 'LateDepositConfirmationsUpdated' as const,
        data: {
          txHash: 'tx-late',
          outputIndex: null,
          amount: '0.0015',
          confirmations: 2,
          repeatedPaymentId: child.paymentId,
          updatedAt: at,
        },
      };
      const later = meta('2026-01-01T10:30:00.000Z');
      spec
        .given([...finished(v1), late(v1, 'finished'), confirmed])
        .when({ ...deposit('tx-late', '0.0015', 0), metadata: later })
        .then([{ ...confirmed, data: { ...confirmed.data, confirmations: 0, updatedAt: later.now } }]);
    });

    it('ignores an older observation that arrives after a newer one', () => {
      const confirmed = {
        type: 'LateDepositConfirmationsUpdated' as const,
        data: {
          txHash: 'tx-late',
          outputIndex: null,
          amount: '0.0015',
          confirmations: 2,
          repeatedPaymentId: child.paymentId,
          updatedAt: '2026-01-01T10:30:00.000Z',
        },
      };
      spec
        .given([...finished(v1), late(v1, 'finished'), confirmed])
        .when(deposit('tx-late', '0.0015', 1))
        .then([]);
    });

    it('reports paid_over in family A once late money makes it more than asked', () => {
      const state = spec.given([...finished(alpha), late(alpha, 'finished')]).state() as ExistingPayment;
      expect(alphaStatus(state.status, isOverpaid(state))).toBe('paid_over');
    });
  });

  describe('when failed or expired', () => {
    it.each([
      ['failed', { type: 'PaymentFailed', data: { reason: 'operator', at } }],
      ['expired', { type: 'PaymentExpired', data: { at } }],
    ] as const)('takes a deposit to a %s payment as a late deposit', (status, ending) => {
      spec
        .given([{ type: 'PaymentCreated', data: beta }, ending])
        .when(deposit('tx-late', '0.0015', 0))
        .then([late(beta, status)]);
    });
  });

  describe('when sending', () => {
    it('takes money that arrives after the payout started as late: the payout amount is fixed', () => {
      const sending = finished(v1).slice(0, -1);
      spec
        .given(sending)
        .when(deposit('tx-late', '0.0001', 0))
        .then([late(v1, 'sending', { amount: '0.0001' })]);
    });
  });

  describe('when waiting', () => {
    it('records an overpayment and still confirms', () => {
      spec
        .given([{ type: 'PaymentCreated', data: alpha }])
        .when(deposit('tx1', '0.002', 0))
        .then([
          {
            type: 'DepositDetected',
            data: {
              txHash: 'tx1',
              outputIndex: null,
              amount: '0.002',
              fromAddress: 'bc1qlate',
              confirmations: 0,
              detectedAt: at,
              actuallyPaid: '0.002',
            },
          },
          { type: 'PaymentOverpaid', data: { actuallyPaid: '0.002', overpaidAmount: '0.0005', at } },
          { type: 'PaymentConfirming', data: { actuallyPaid: '0.002', at } },
        ]);
    });
  });

  describe('a repeated payment', () => {
    const parent = paymentTerms({ priceAmount: '100', payAmount: '0.002' });
    const arrival: LateDeposit = { ...late(parent, 'finished').data, amount: '0.001' };
    const terms = repeatedPaymentTerms(parent, arrival, child);

    it('asks exactly what arrived, priced at its parent quote, and names its parent', () => {
      expect(terms).toMatchObject({
        paymentId: child.paymentId,
        uuid: child.uuid,
        trackId: String(child.paymentId),
        payAmount: '0.001',
        priceAmount: '50',
        payAddress: parent.payAddress,
        orderId: parent.orderId,
        callbackUrl: parent.callbackUrl,
        parentPaymentId: parent.paymentId,
        sandboxCase: null,
      });
    });

    it('opens with its money already there', () => {
      const events = spec
        .given([])
        .when({
          type: 'OpenRepeatedPayment',
          data: {
            terms,
            deposit: { txHash: 'tx-late', amount: '0.001', fromAddress: null, confirmations: 2 },
          },
          metadata: meta(),
        })
        .events();
      expect(events.map((e) => e.type)).toEqual([
        'PaymentCreated',
        'DepositDetected',
        'PaymentConfirming',
        'PaymentConfirmed',
      ]);
    });

    it('is opened only once', () => {
      spec
        .given([{ type: 'PaymentCreated', data: terms }])
        .when({
          type: 'OpenRepeatedPayment',
          data: {
            terms,
            deposit: { txHash: 'tx-late', amount: '0.001', fromAddress: null, confirmations: 0 },
          },
          metadata: meta(),
        })
        .thenThrows('STREAM_ALREADY_EXISTS');
    });
  });
});
