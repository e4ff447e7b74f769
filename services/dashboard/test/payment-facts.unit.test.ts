import type { PaymentTerms } from '@gw/domain';
import { paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import { projectPayment, type PaymentDocument } from '@gw/views';
import { paymentFacts } from '../src/views/payment-page';

/** The read model of a payment paid in full and settled (a sandbox payout keeps 0.000015 BTC of it). */
function settled(terms: PaymentTerms): PaymentDocument {
  const events = paidLifecycle(terms);
  if (terms.payWalletKeyId !== null)
    // A wallet payment has no payout: it finishes with everything that arrived.
    events.splice(-2, 2, {
      type: 'PaymentFinished',
      data: { payoutHash: null, outcomeAmount: terms.payAmount, at: '2026-01-01T10:21:00.000Z' },
    });
  return events.reduce<PaymentDocument | null>((doc, event, i) => projectPayment(doc, event, i + 1), null)!;
}

/** The facts as a reader sees them: each term with its description. */
function factsOf(doc: PaymentDocument): Record<string, string> {
  const markup = paymentFacts(doc).toString();
  const pairs = [...markup.matchAll(/<dt>([^<]*)<\/dt>\s*<dd[^>]*>([^<]*)<\/dd>/g)];
  return Object.fromEntries(pairs.map(([, term, description]) => [term!, description!]));
}

describe('payment page facts', () => {
  it('shows a payment to the merchant wallet with everything it received and no fee', () => {
    const facts = factsOf(settled(samplePaymentTerms({ payWalletKeyId: 'key-1', testPayment: false })));
    expect(facts).toMatchObject({ Paid: '0.00150000 BTC', 'To the merchant': '0.0015 BTC', Fee: '0 BTC' });
  });

  it('shows what a sandbox payout kept', () => {
    const facts = factsOf(settled(samplePaymentTerms()));
    expect(facts).toMatchObject({ 'To the merchant': '0.001485 BTC', Fee: '0.000015 BTC' });
  });
});
