import type { PaymentEvent } from '@gw/domain';
import { samplePaymentTerms } from '@gw/domain/testing';
import { projectPayment, type PaymentDocument } from '@gw/views';
import { depositsTable } from '../src/views/payment-page';

const at = '2026-01-01T10:05:00.000Z';
const terms = { ...samplePaymentTerms(), payAddressChainTip: { height: 100, hash: 'block-100' } };

const project = (events: PaymentEvent[]): PaymentDocument =>
  events.reduce<PaymentDocument | null>((doc, event, i) => projectPayment(doc, event, i + 1), null)!;

describe("the payment page's deposits", () => {
  it('shows money that was on the address before the payment, not counted, with its block', () => {
    const doc = project([
      { type: 'PaymentCreated', data: terms },
      {
        type: 'PriorDepositReceived',
        data: {
          txHash: 'tx-old',
          outputIndex: 0,
          amount: '0.0015',
          fromAddress: null,
          confirmations: 3,
          detectedAt: at,
          block: { height: 98, hash: 'block-98' },
        },
      },
    ]);
    const text = String(depositsTable(doc));
    expect(text).toContain('tx-old');
    expect(text).toContain('no: on the address before the payment existed (block 98)');
  });
});
