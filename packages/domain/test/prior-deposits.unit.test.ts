import { paymentAggregate } from '../src';
import type { PaymentEvent, PaymentTerms } from '../src/payment/payment';
import { arrivedBeforePayment, type ChainBlockRef } from '../src/payment/prior-deposits';
import { paidLifecycle } from '../src/testing/payment-fixtures';
import { deciderSpec } from '../src/testing/decider-spec';
import { meta, paymentTerms } from './fixtures';

const spec = deciderSpec(paymentAggregate);
const at = meta().now;

/** The tip the node had when the pay address was handed out. */
const TIP: ChainBlockRef = { height: 500, hash: 'block-500' };
const blockAt = (height: number, hash = `block-${height}`): ChainBlockRef => ({ height, hash });

const observe = (
  txHash: string,
  amount: string,
  confirmations: number,
  block: ChainBlockRef | null,
  now = at,
) => ({
  type: 'RecordDeposit' as const,
  data: { txHash, outputIndex: 0, amount, fromAddress: 'bc1qwalletapp', confirmations, block },
  metadata: meta(now),
});

const prior = (
  txHash: string,
  amount: string,
  confirmations: number,
  block: ChainBlockRef,
): PaymentEvent => ({
  type: 'PriorDepositReceived',
  data: {
    txHash,
    outputIndex: 0,
    amount,
    fromAddress: 'bc1qwalletapp',
    confirmations,
    detectedAt: at,
    block,
  },
});

const created = (terms: PaymentTerms): PaymentEvent => ({ type: 'PaymentCreated', data: terms });
const onWallet = paymentTerms({ payAddressChainTip: TIP, payWalletKeyId: 'key-1', payAddressIndex: 0 });

describe('money on the pay address before the payment existed', () => {
  describe('when waiting', () => {
    it.each([
      ['in the tip block itself', 0],
      ['one block below the tip', 1],
      ['two blocks below the tip', 2],
      ['ten blocks below the tip', 10],
    ])('records a deposit mined %s as prior money, and the payment stays waiting', (_, depth) => {
      const block = blockAt(TIP.height - depth);
      const confirmations = depth + 1;
      spec
        .given([created(onWallet)])
        .when(observe('tx-old', '0.0015', confirmations, block))
        .then([prior('tx-old', '0.0015', confirmations, block)]);
      const state = spec.given([created(onWallet), prior('tx-old', '0.0015', confirmations, block)]).state();
      expect(state).toMatchObject({ status: 'waiting', actuallyPaid: '0', deposits: [] });
    });

    it('credits a deposit in the first block after the tip', () => {
      const events = spec
        .given([created(onWallet)])
        .when(observe('tx-new', '0.0015', 1, blockAt(TIP.height + 1)))
        .events();
      expect(events.map((e) => e.type)).toEqual(['DepositDetected', 'PaymentConfirming']);
    });

    it('credits a deposit seen in the mempool', () => {
      const events = spec
        .given([created(onWallet)])
        .when(observe('tx-new', '0.0015', 0, null))
        .events();
      expect(events.map((e) => e.type)).toEqual(['DepositDetected', 'PaymentConfirming']);
    });

    it('credits a deposit in another block at the tip height: a reorganisation replaced the tip since', () => {
      const events = spec
        .given([created(onWallet)])
        .when(observe('tx-new', '0.0015', 1, blockAt(TIP.height, 'block-500-replacement')))
        .events();
      expect(events.map((e) => e.type)).toEqual(['DepositDetected', 'PaymentConfirming']);
    });

    it('still credits a fresh deposit after prior money was recorded', () => {
      const old = blockAt(TIP.height - 2);
      const events = spec
        .given([created(onWallet), prior('tx-old', '0.0015', 3, old)])
        .when(observe('tx-new', '0.0015', 0, null))
        .events();
      expect(events.map((e) => e.type)).toEqual(['DepositDetected', 'PaymentConfirming']);
    });
  });

  describe('when prior money was recorded', () => {
    const old = blockAt(TIP.height - 2);
    const history = [created(onWallet), prior('tx-old', '0.0015', 3, old)];

    it('ignores it with more confirmations', () => {
      spec
        .given(history)
        .when(observe('tx-old', '0.0015', 9, blockAt(TIP.height - 2)))
        .then([]);
    });

    it('ignores it seen again in the mempool after a reorganisation took its block', () => {
      spec
        .given(history)
        .when(observe('tx-old', '0.0015', 0, null))
        .then([]);
    });
  });

  describe('in a final status', () => {
    it('records prior money as prior, not as a late deposit', () => {
      const terms = paymentTerms({ payAddressChainTip: TIP });
      const block = blockAt(TIP.height - 1);
      spec
        .given(paidLifecycle(terms))
        .when(observe('tx-old', '0.0015', 2, block))
        .then([prior('tx-old', '0.0015', 2, block)]);
    });
  });

  describe('in every family', () => {
    it.each(['v1', 'alpha', 'beta'] as const)('never credits prior money (%s)', (family) => {
      const terms = paymentTerms({ family, payAddressChainTip: TIP });
      const block = blockAt(TIP.height - 1);
      spec
        .given([created(terms)])
        .when(observe('tx-old', '0.0015', 2, block))
        .then([prior('tx-old', '0.0015', 2, block)]);
    });
  });

  describe('without a recorded tip (the sandbox, payments created before tips were recorded)', () => {
    it('credits what it is told, as before', () => {
      const events = spec
        .given([created(paymentTerms())])
        .when(observe('tx-any', '0.0015', 1, blockAt(1)))
        .events();
      expect(events.map((e) => e.type)).toEqual(['DepositDetected', 'PaymentConfirming']);
    });
  });
});

describe('arrivedBeforePayment', () => {
  it('is the chain that decides, not a clock', () => {
    expect(arrivedBeforePayment(TIP, blockAt(499))).toBe(true);
    expect(arrivedBeforePayment(TIP, TIP)).toBe(true);
    expect(arrivedBeforePayment(TIP, blockAt(500, 'other'))).toBe(false);
    expect(arrivedBeforePayment(TIP, blockAt(501))).toBe(false);
    expect(arrivedBeforePayment(TIP, null)).toBe(false);
    expect(arrivedBeforePayment(null, blockAt(1))).toBe(false);
    expect(arrivedBeforePayment(undefined, blockAt(1))).toBe(false);
  });
});
