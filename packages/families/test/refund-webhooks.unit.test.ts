import type { Family, PaymentEvent } from '@gw/domain';
import { samplePaymentTerms } from '@gw/domain/testing';
import { projectPayment, type PaymentDocument } from '@gw/views';
import { alphaPaymentRecord, betaListItem, refundRequestedWebhookStatus, webhookStatusFor } from '../src';
import { RatesService } from '@gw/pricing';

const AT = '2026-01-01T10:30:00.000Z';
const rates = new RatesService({ source: 'test', takenAt: '2025-01-01T00:00:00.000Z', pricesUsd: {} });

/** A finished payment of a family, with a refund asked (and, with `refunded`, done). */
function refundedPayment(family: Family, refunded: boolean): PaymentDocument {
  const terms = samplePaymentTerms({ family });
  const events: PaymentEvent[] = [
    { type: 'PaymentCreated', data: terms },
    {
      type: 'DepositDetected',
      data: {
        txHash: 'tx-1',
        amount: terms.payAmount,
        fromAddress: null,
        confirmations: 2,
        detectedAt: AT,
        actuallyPaid: terms.payAmount,
      },
    },
    { type: 'PaymentConfirming', data: { actuallyPaid: terms.payAmount, at: AT } },
    { type: 'PaymentConfirmed', data: { actuallyPaid: terms.payAmount, at: AT } },
    { type: 'PaymentFinished', data: { payoutHash: null, outcomeAmount: terms.payAmount, at: AT } },
    { type: 'PaymentRefundRequested', data: { address: 'bc1qbuyer', amount: terms.payAmount, at: AT } },
    ...(refunded ? [{ type: 'PaymentRefunded' as const, data: { refundHash: 'refund-tx', at: AT } }] : []),
  ];
  return events.reduce<PaymentDocument | null>((doc, event, i) => projectPayment(doc, event, i + 1), null)!;
}

describe("a refund in each family's words", () => {
  it('notifies a refund request as refund_process (A) and Refunding (B); V1 has no status for it and sends nothing', () => {
    expect(refundRequestedWebhookStatus(refundedPayment('v1', false))).toBeNull();
    expect(refundRequestedWebhookStatus(refundedPayment('alpha', false))).toBe('refund_process');
    expect(refundRequestedWebhookStatus(refundedPayment('beta', false))).toBe('Refunding');
  });

  it('notifies the refund done as refunded, refund_paid and Refunded', () => {
    expect(webhookStatusFor('v1', 'finished', 'refunded')).toBe('refunded');
    expect(webhookStatusFor('alpha', 'finished', 'refunded')).toBe('refund_paid');
    expect(webhookStatusFor('beta', 'finished', 'refunded')).toBe('Refunded');
  });

  it('shows the pending refund in the records while the V1 status stays finished', () => {
    const alpha = refundedPayment('alpha', false);
    expect(alpha.status).toBe('finished');
    expect(alpha.refund).toMatchObject({ address: 'bc1qbuyer', refundHash: null });
    expect(alphaPaymentRecord(alpha, { baseUrl: 'https://gw.example', rates })).toMatchObject({
      status: 'refund_process',
      payment_status: 'finished',
    });
    expect(betaListItem(refundedPayment('beta', false), rates).status).toBe('Refunding');
    const done = refundedPayment('alpha', true);
    expect(done.refund).toMatchObject({ refundHash: 'refund-tx', refundedAt: AT });
    expect(alphaPaymentRecord(done, { baseUrl: 'https://gw.example', rates }).status).toBe('refund_paid');
  });
});
