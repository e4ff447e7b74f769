import { paymentAggregate } from '../src';
import type { PaymentEvent } from '../src/payment/payment';
import { deciderSpec } from '../src/testing/decider-spec';
import { meta, paymentTerms } from './fixtures';

const spec = deciderSpec(paymentAggregate);
const created: PaymentEvent = { type: 'PaymentCreated', data: paymentTerms() };
const at = meta().now;

const deposit = (txHash: string, amount: string, confirmations: number) => ({
  type: 'RecordDeposit' as const,
  data: { txHash, amount, fromAddress: 'bc1qsender', confirmations },
  metadata: meta(),
});

const detected = (
  txHash: string,
  amount: string,
  confirmations: number,
  actuallyPaid: string,
  outputIndex: number | null = null,
): PaymentEvent => ({
  type: 'DepositDetected',
  data: {
    txHash,
    outputIndex,
    amount,
    fromAddress: 'bc1qsender',
    confirmations,
    detectedAt: at,
    actuallyPaid,
  },
});

describe('payment decider', () => {
  describe('when no payment exists', () => {
    it('creates a waiting payment', () => {
      spec.given([]).when({ type: 'CreatePayment', data: paymentTerms(), metadata: meta() }).then([created]);
    });

    it.each(['Infinity', 'NaN', '1e309'])('refuses a price of %s', (priceAmount) => {
      spec
        .given([])
        .when({ type: 'CreatePayment', data: paymentTerms({ priceAmount }), metadata: meta() })
        .thenThrows('INVALID_AMOUNT');
    });

    it('refuses a zero price', () => {
      spec
        .given([])
        .when({ type: 'CreatePayment', data: paymentTerms({ priceAmount: '0' }), metadata: meta() })
        .thenThrows('INVALID_AMOUNT');
    });

    it('refuses any other command as not found', () => {
      spec
        .given([])
        .when(deposit('tx1', '1', 0))
        .thenThrows('NOT_FOUND');
    });
  });

  describe('when waiting', () => {
    it('refuses to be created twice', () => {
      spec
        .given([created])
        .when({ type: 'CreatePayment', data: paymentTerms(), metadata: meta() })
        .thenThrows('STREAM_ALREADY_EXISTS');
    });

    it('becomes confirming when the full amount is seen unconfirmed', () => {
      spec
        .given([created])
        .when(deposit('tx1', '0.0015', 0))
        .then([
          detected('tx1', '0.0015', 0, '0.0015'),
          { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
        ]);
    });

    it('goes straight to confirmed when the deposit already has enough confirmations', () => {
      const events = spec
        .given([created])
        .when(deposit('tx1', '0.0015', 2))
        .events();
      expect(events.map((e) => e.type)).toEqual(['DepositDetected', 'PaymentConfirming', 'PaymentConfirmed']);
    });

    it('becomes partially paid when less than the pay amount arrives', () => {
      spec
        .given([created])
        .when(deposit('tx1', '0.001', 0))
        .then([
          detected('tx1', '0.001', 0, '0.001'),
          { type: 'PaymentUnderpaid', data: { actuallyPaid: '0.001', missingAmount: '0.0005', at } },
        ]);
    });

    it('counts an underpayment within the tolerance as paid', () => {
      const tolerant: PaymentEvent = {
        type: 'PaymentCreated',
        data: paymentTerms({ underpaidTolerancePercent: '5' }),
      };
      const events = spec
        .given([tolerant])
        .when(deposit('tx1', '0.001430', 0))
        .events();
      expect(events.map((e) => e.type)).toEqual(['DepositDetected', 'PaymentConfirming']);
    });

    it('expires after the lifetime', () => {
      spec
        .given([created])
        .when({ type: 'ExpirePayment', data: {}, metadata: meta('2026-01-02T10:00:00.000Z') })
        .then([{ type: 'PaymentExpired', data: { at: '2026-01-02T10:00:00.000Z' } }]);
    });

    it('does not expire before the lifetime', () => {
      spec
        .given([created])
        .when({ type: 'ExpirePayment', data: {}, metadata: meta() })
        .thenThrows('PAYMENT_NOT_EXPIRED_YET');
    });

    it('updates its estimate', () => {
      spec
        .given([created])
        .when({
          type: 'UpdatePaymentEstimate',
          data: { payAmount: '0.0016', expiresAt: '2026-01-01T10:25:00.000Z' },
          metadata: meta(),
        })
        .then([
          {
            type: 'PaymentEstimateUpdated',
            data: { payAmount: '0.0016', expiresAt: '2026-01-01T10:25:00.000Z', at },
          },
        ]);
    });

    it('cannot start a payout before confirmation', () => {
      spec
        .given([created])
        .when({ type: 'StartPayout', data: { serviceFeePercent: '0.5' }, metadata: meta() })
        .thenThrows('INVALID_TRANSITION');
    });

    it('fails on request', () => {
      spec
        .given([created])
        .when({ type: 'FailPayment', data: { reason: 'sandbox case fail' }, metadata: meta() })
        .then([{ type: 'PaymentFailed', data: { reason: 'sandbox case fail', at } }]);
    });
  });

  describe('when partially paid', () => {
    const history = [
      created,
      detected('tx1', '0.001', 0, '0.001'),
      {
        type: 'PaymentUnderpaid',
        data: { actuallyPaid: '0.001', missingAmount: '0.0005', at },
      } as PaymentEvent,
    ];

    it('becomes confirming once a top-up completes the amount', () => {
      const events = spec
        .given(history)
        .when(deposit('tx2', '0.0005', 0))
        .events();
      expect(events).toEqual([
        detected('tx2', '0.0005', 0, '0.0015'),
        { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
      ]);
    });

    it('stays partially paid when the lifetime ends', () => {
      spec
        .given(history)
        .when({ type: 'ExpirePayment', data: {}, metadata: meta('2026-01-03T00:00:00.000Z') })
        .then([]);
    });

    it('refuses an estimate update', () => {
      spec
        .given(history)
        .when({ type: 'UpdatePaymentEstimate', data: { payAmount: '1', expiresAt: at }, metadata: meta() })
        .thenThrows('PAYMENT_NOT_WAITING');
    });

    it('keeps a family A top-up apart as late money: wrong_amount is final upstream', () => {
      const alphaCreated: PaymentEvent = { type: 'PaymentCreated', data: paymentTerms({ family: 'alpha' }) };
      const events = spec
        .given([alphaCreated, ...history.slice(1)])
        .when(deposit('tx2', '0.0005', 0))
        .events();
      expect(events).toEqual([
        {
          type: 'LateDepositReceived',
          data: {
            txHash: 'tx2',
            outputIndex: null,
            amount: '0.0005',
            fromAddress: 'bc1qsender',
            confirmations: 0,
            detectedAt: at,
            paymentStatus: 'partially_paid',
            repeatedPayment: null,
          },
        },
      ]);
    });
  });

  describe('when confirming', () => {
    const history = [
      created,
      detected('tx1', '0.0015', 0, '0.0015'),
      { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } } as PaymentEvent,
    ];

    it('records more confirmations without a status change below the requirement', () => {
      spec
        .given(history)
        .when(deposit('tx1', '0.0015', 1))
        .then([
          {
            type: 'DepositConfirmationsUpdated',
            data: { txHash: 'tx1', outputIndex: null, confirmations: 1, updatedAt: at },
          },
        ]);
    });

    it('becomes confirmed at the required confirmations', () => {
      spec
        .given(history)
        .when(deposit('tx1', '0.0015', 2))
        .then([
          {
            type: 'DepositConfirmationsUpdated',
            data: { txHash: 'tx1', outputIndex: null, confirmations: 2, updatedAt: at },
          },
          { type: 'PaymentConfirmed', data: { actuallyPaid: '0.0015', at } },
        ]);
    });

    it('ignores a repeated report of the same confirmations', () => {
      spec
        .given(history)
        .when(deposit('tx1', '0.0015', 0))
        .then([]);
    });

    it('is not expired by the scheduler', () => {
      spec
        .given(history)
        .when({ type: 'ExpirePayment', data: {}, metadata: meta('2026-01-03T00:00:00.000Z') })
        .then([]);
    });
  });

  describe('when confirmed', () => {
    const history: PaymentEvent[] = [
      created,
      detected('tx1', '0.0015', 2, '0.0015'),
      { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
      { type: 'PaymentConfirmed', data: { actuallyPaid: '0.0015', at } },
    ];

    it('starts the payout net of the service fee, rounded down to the currency decimals', () => {
      spec
        .given(history)
        .when({ type: 'StartPayout', data: { serviceFeePercent: '0.5' }, metadata: meta() })
        .then([{ type: 'PayoutStarted', data: { outcomeAmount: '0.0014925', outcomeCurrency: 'btc', at } }]);
    });

    it('refuses a service fee above 100 percent, which would make the outcome negative', () => {
      spec
        .given(history)
        .when({ type: 'StartPayout', data: { serviceFeePercent: '100.01' }, metadata: meta() })
        .thenThrows('INVALID_AMOUNT');
    });

    it('finishes without a payout or a fee when the money went to the merchant wallet', () => {
      const onWallet: PaymentEvent = {
        type: 'PaymentCreated',
        data: paymentTerms({ payWalletKeyId: 'wallet-key-1', payAddressIndex: 0 }),
      };
      spec
        .given([onWallet, ...history.slice(1)])
        .when({ type: 'StartPayout', data: { serviceFeePercent: '0.5' }, metadata: meta() })
        .then([{ type: 'PaymentFinished', data: { payoutHash: null, outcomeAmount: '0.0015', at } }]);
    });

    it('finishes once the payout completes', () => {
      const sending: PaymentEvent[] = [
        ...history,
        { type: 'PayoutStarted', data: { outcomeAmount: '0.0014925', outcomeCurrency: 'btc', at } },
      ];
      spec
        .given(sending)
        .when({ type: 'CompletePayout', data: { payoutHash: 'ff'.repeat(32) }, metadata: meta() })
        .then([
          { type: 'PaymentFinished', data: { payoutHash: 'ff'.repeat(32), outcomeAmount: '0.0014925', at } },
        ]);
    });
  });

  describe('when a reorganisation takes a deposit off the best chain', () => {
    const later = '2026-01-01T11:00:00.000Z';
    const reorged = (confirmations: number, now = later) => ({
      ...deposit('tx1', '0.0015', confirmations),
      metadata: meta(now),
    });
    const confirmed: PaymentEvent[] = [
      created,
      detected('tx1', '0.0015', 2, '0.0015'),
      { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
      { type: 'PaymentConfirmed', data: { actuallyPaid: '0.0015', at } },
    ];

    it('records the lost confirmations of a confirming payment without a status change', () => {
      spec
        .given([
          created,
          detected('tx1', '0.0015', 1, '0.0015'),
          { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
        ])
        .when(reorged(0))
        .then([
          {
            type: 'DepositConfirmationsLost',
            data: { txHash: 'tx1', outputIndex: null, confirmations: 0, at: later },
          },
        ]);
    });

    it('steps a confirmed payment back to confirming', () => {
      spec
        .given(confirmed)
        .when(reorged(1))
        .then([
          {
            type: 'DepositConfirmationsLost',
            data: { txHash: 'tx1', outputIndex: null, confirmations: 1, at: later },
          },
          { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at: later } },
        ]);
    });

    it('confirms again once the deposit holds the required confirmations on the new branch', () => {
      const stepBack: PaymentEvent[] = [
        ...confirmed,
        {
          type: 'DepositConfirmationsLost',
          data: { txHash: 'tx1', outputIndex: null, confirmations: 0, at: later },
        },
        { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at: later } },
      ];
      spec
        .given(stepBack)
        .when(reorged(2, '2026-01-01T12:00:00.000Z'))
        .then([
          {
            type: 'DepositConfirmationsUpdated',
            data: {
              txHash: 'tx1',
              outputIndex: null,
              confirmations: 2,
              updatedAt: '2026-01-01T12:00:00.000Z',
            },
          },
          { type: 'PaymentConfirmed', data: { actuallyPaid: '0.0015', at: '2026-01-01T12:00:00.000Z' } },
        ]);
    });

    it('records the loss on a payment whose payout started, keeping its status', () => {
      spec
        .given([
          ...confirmed,
          { type: 'PayoutStarted', data: { outcomeAmount: '0.0014925', outcomeCurrency: 'btc', at } },
        ])
        .when(reorged(0))
        .then([
          {
            type: 'DepositConfirmationsLost',
            data: { txHash: 'tx1', outputIndex: null, confirmations: 0, at: later },
          },
        ]);
    });

    it('ignores an observation older than the last one applied (a late redelivery)', () => {
      spec.given(confirmed).when(reorged(1, '2026-01-01T09:00:00.000Z')).then([]);
    });
  });

  describe('when final', () => {
    const expired: PaymentEvent[] = [created, { type: 'PaymentExpired', data: { at } }];

    it('records money that arrives late apart, never as paid (see late-deposits tests)', () => {
      const events = spec
        .given(expired)
        .when(deposit('tx9', '0.0015', 0))
        .events();
      expect(events.map((e) => e.type)).toEqual(['LateDepositReceived']);
    });

    it('cannot fail', () => {
      spec
        .given(expired)
        .when({ type: 'FailPayment', data: { reason: 'x' }, metadata: meta() })
        .thenThrows('INVALID_TRANSITION');
    });

    it('expiry again changes nothing', () => {
      spec
        .given(expired)
        .when({ type: 'ExpirePayment', data: {}, metadata: meta('2026-01-05T00:00:00.000Z') })
        .then([]);
    });
  });

  describe('when one transaction pays the address in two outputs', () => {
    const output = (outputIndex: number, confirmations: number) => ({
      ...deposit('tx1', '0.00075', confirmations),
      data: { ...deposit('tx1', '0.00075', confirmations).data, outputIndex },
    });
    const firstOutput = detected('tx1', '0.00075', 0, '0.00075', 0);

    it('counts each output as its own deposit (txid:vout) and sums them', () => {
      spec
        .given([
          created,
          firstOutput,
          { type: 'PaymentUnderpaid', data: { actuallyPaid: '0.00075', missingAmount: '0.00075', at } },
        ])
        .when(output(1, 0))
        .then([
          detected('tx1', '0.00075', 0, '0.0015', 1),
          { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
        ]);
    });

    it('confirms the output it names, and a redelivered output counts nothing twice', () => {
      const both: PaymentEvent[] = [
        created,
        firstOutput,
        detected('tx1', '0.00075', 0, '0.0015', 1),
        { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
      ];
      spec.given(both).when(output(1, 0)).then([]);
      spec
        .given(both)
        .when(output(1, 2))
        .then([
          {
            type: 'DepositConfirmationsUpdated',
            data: { txHash: 'tx1', outputIndex: 1, confirmations: 2, updatedAt: at },
          },
        ]);
    });
  });

  describe('events stored before deposits named their output', () => {
    it('fold as deposits of the whole transaction, which a sandbox observation without an output still names', () => {
      const stored = {
        type: 'DepositDetected',
        data: {
          txHash: 'tx1',
          amount: '0.0015',
          fromAddress: null,
          confirmations: 0,
          detectedAt: at,
          actuallyPaid: '0.0015',
        },
      } as PaymentEvent;
      const history = [
        created,
        stored,
        { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } } as PaymentEvent,
      ];
      expect(spec.given(history).state()).toMatchObject({
        actuallyPaid: '0.0015',
        deposits: [{ txHash: 'tx1' }],
      });
      spec
        .given(history)
        .when(deposit('tx1', '0.0015', 1))
        .then([
          {
            type: 'DepositConfirmationsUpdated',
            data: { txHash: 'tx1', outputIndex: null, confirmations: 1, updatedAt: at },
          },
        ]);
    });
  });

  describe('evolve', () => {
    it('ignores events that do not apply instead of throwing during replay', () => {
      const state = spec.given([{ type: 'PaymentExpired', data: { at } }]).state();
      expect(state).toEqual({ status: 'none' });
    });

    it('folds the full lifecycle', () => {
      const state = spec
        .given([
          created,
          detected('tx1', '0.0015', 0, '0.0015'),
          { type: 'PaymentConfirming', data: { actuallyPaid: '0.0015', at } },
          {
            type: 'DepositConfirmationsUpdated',
            data: { txHash: 'tx1', outputIndex: null, confirmations: 2, updatedAt: at },
          },
          { type: 'PaymentConfirmed', data: { actuallyPaid: '0.0015', at } },
          { type: 'PayoutStarted', data: { outcomeAmount: '0.0014925', outcomeCurrency: 'btc', at } },
          { type: 'PaymentFinished', data: { payoutHash: 'ab', outcomeAmount: '0.0014925', at } },
        ])
        .state();
      expect(state).toMatchObject({
        status: 'finished',
        actuallyPaid: '0.0015',
        outcomeAmount: '0.0014925',
        payoutHash: 'ab',
      });
    });
  });
});
