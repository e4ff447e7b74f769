import { randomUUID } from 'node:crypto';
import type { PaymentEvent, PaymentTerms } from '@gw/domain';
import type { NewEvent } from '@gw/store';

const CREATED_AT = '2026-01-01T10:00:00.000Z';

export function paymentTerms(paymentId: number): PaymentTerms {
  return {
    paymentId,
    uuid: randomUUID(),
    trackId: String(paymentId),
    merchantId: 'merchant-relay',
    family: 'v1',
    priceAmount: '100',
    priceCurrency: 'usd',
    payCurrency: 'btc',
    payNetwork: 'btc',
    payAmount: '0.0015',
    payDecimals: 8,
    payAddress: `bc1qrelay${paymentId}`,
    payinExtraId: null,
    outcomeCurrency: 'btc',
    orderId: `order-${paymentId}`,
    orderDescription: null,
    purchaseId: paymentId,
    invoiceId: null,
    callbackUrl: null,
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
    underpaidTolerancePercent: '0',
    isPaymentMultiple: false,
    requiredConfirmations: 2,
    isFixedRate: false,
    isFeePaidByUser: false,
    sandboxCase: null,
    createdAt: CREATED_AT,
    expiresAt: '2026-01-02T10:00:00.000Z',
    alpha: null,
    beta: null,
  };
}

/** A payment's whole life: created, paid in one deposit, confirmed, paid out (seven events). */
export function paidLifecycle(terms: PaymentTerms): PaymentEvent[] {
  return [
    { type: 'PaymentCreated', data: terms },
    {
      type: 'DepositDetected',
      data: {
        txHash: `tx-${terms.paymentId}`,
        amount: terms.payAmount,
        fromAddress: 'bc1qsender',
        confirmations: 0,
        detectedAt: '2026-01-01T10:05:00.000Z',
        actuallyPaid: terms.payAmount,
      },
    },
    { type: 'PaymentConfirming', data: { actuallyPaid: terms.payAmount, at: '2026-01-01T10:05:00.000Z' } },
    {
      type: 'DepositConfirmationsUpdated',
      data: { txHash: `tx-${terms.paymentId}`, confirmations: 2, updatedAt: '2026-01-01T10:20:00.000Z' },
    },
    { type: 'PaymentConfirmed', data: { actuallyPaid: terms.payAmount, at: '2026-01-01T10:20:00.000Z' } },
    {
      type: 'PayoutStarted',
      data: { outcomeAmount: '0.001485', outcomeCurrency: 'btc', at: '2026-01-01T10:21:00.000Z' },
    },
    {
      type: 'PaymentFinished',
      data: {
        payoutHash: `payout-${terms.paymentId}`,
        outcomeAmount: '0.001485',
        at: '2026-01-01T10:22:00.000Z',
      },
    },
  ];
}

export function toNewEvent(event: PaymentEvent, merchantId: string): NewEvent {
  return {
    eventId: randomUUID(),
    type: event.type,
    occurredAt: CREATED_AT,
    merchantId,
    data: event.data as unknown as Record<string, unknown>,
    metadata: { correlationId: randomUUID(), causationId: randomUUID() },
  };
}

/** Splits events into commits of one to three events. */
export function intoCommits<T>(events: T[], random: () => number): T[][] {
  const commits: T[][] = [];
  for (let i = 0; i < events.length;) {
    const size = 1 + Math.floor(random() * 3);
    commits.push(events.slice(i, i + size));
    i += size;
  }
  return commits;
}

/** A small deterministic generator, so a failing interleaving can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
