import { alphaStatus, betaStatus, paymentAggregate } from '../src';
import type { PaymentEvent } from '../src/payment/payment';
import { paidLifecycle } from '../src/testing/payment-fixtures';
import { deciderSpec } from '../src/testing/decider-spec';
import { meta, paymentTerms } from './fixtures';

const spec = deciderSpec(paymentAggregate);
const terms = paymentTerms();
const finished = paidLifecycle(terms);
const at = meta().now;
const buyer = 'bcrt1qbuyer0000000000000000000000000000000';

const requestRefund = (address: string, amount: string | null) => ({
  type: 'RequestRefund' as const,
  data: { address, amount },
  metadata: meta(),
});
const refundTransfer = (txHash: string, amount: string, confirmations: number) => ({
  type: 'RecordRefundTransfer' as const,
  data: { txHash, outputIndex: 0, amount, confirmations },
  metadata: meta(),
});
const requested = (address: string, amount: string): PaymentEvent => ({
  type: 'PaymentRefundRequested',
  data: { address, amount, at },
});

describe('refunds', () => {
  describe('when the payment is finished', () => {
    it('records a request for everything the payment received by default', () => {
      spec
        .given(finished)
        .when(requestRefund(buyer, null))
        .then([requested(buyer, terms.payAmount)]);
    });

    it('records a request for part of it', () => {
      spec
        .given(finished)
        .when(requestRefund(buyer, '0.001'))
        .then([requested(buyer, '0.001')]);
    });

    it.each(['0.0016', '1e309', 'Infinity', '0', '-1', '0.000000001'])(
      'refuses an amount of %s',
      (amount) => {
        spec.given(finished).when(requestRefund(buyer, amount)).thenThrows('INVALID_AMOUNT');
      },
    );
  });

  describe('when a refund is pending', () => {
    const pending = [...finished, requested(buyer, terms.payAmount)];

    it('changes nothing when the same refund is asked again', () => {
      spec.given(pending).when(requestRefund(buyer, null)).then([]);
    });

    it('replaces the request when asked again with another address', () => {
      spec
        .given(pending)
        .when(requestRefund('bcrt1qother', null))
        .then([requested('bcrt1qother', terms.payAmount)]);
    });

    it('waits while the refund transaction has fewer confirmations than the payment needs', () => {
      spec
        .given(pending)
        .when(refundTransfer('refund-tx', terms.payAmount, 1))
        .then([]);
    });

    it('ignores a transfer of less than the refund', () => {
      spec
        .given(pending)
        .when(refundTransfer('small-tx', '0.0014', 6))
        .then([]);
    });

    it('is refunded with the hash once the transaction is confirmed', () => {
      spec
        .given(pending)
        .when(refundTransfer('refund-tx', terms.payAmount, 2))
        .then([{ type: 'PaymentRefunded', data: { refundHash: 'refund-tx', at } }]);
    });

    it('can still be marked refunded by hand', () => {
      spec
        .given(pending)
        .when({ type: 'RefundPayment', data: { refundHash: 'typed' }, metadata: meta() })
        .then([{ type: 'PaymentRefunded', data: { refundHash: 'typed', at } }]);
    });
  });

  describe('when the payment is refunded', () => {
    const refunded: PaymentEvent[] = [
      ...finished,
      requested(buyer, terms.payAmount),
      { type: 'PaymentRefunded', data: { refundHash: 'refund-tx', at } },
    ];

    it('counts the refund transaction seen again nothing twice', () => {
      spec
        .given(refunded)
        .when(refundTransfer('refund-tx', terms.payAmount, 7))
        .then([]);
    });

    it('refuses another refund request', () => {
      spec.given(refunded).when(requestRefund(buyer, null)).thenThrows('INVALID_TRANSITION');
    });
  });

  describe('when the payment is not paid', () => {
    it('refuses a refund request', () => {
      spec
        .given([{ type: 'PaymentCreated', data: terms }])
        .when(requestRefund(buyer, null))
        .thenThrows('INVALID_TRANSITION');
    });

    it('ignores a transfer when no refund was asked', () => {
      spec
        .given(finished)
        .when(refundTransfer('refund-tx', terms.payAmount, 6))
        .then([]);
    });
  });

  describe("in each family's words", () => {
    it('shows a pending refund as refund_process (A) and Refunding (B), a done one as refund_paid and Refunded', () => {
      expect(alphaStatus('finished', false, true)).toBe('refund_process');
      expect(betaStatus('partially_paid', true)).toBe('Refunding');
      expect(alphaStatus('refunded', false, true)).toBe('refund_paid');
      expect(betaStatus('refunded', true)).toBe('Refunded');
    });
  });
});
