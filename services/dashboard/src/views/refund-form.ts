import { canTransition } from '@gw/domain';
import { html, type SafeHtml } from '@gw/platform';
import type { PaymentDocument } from '@gw/views';
import { csrfField } from '@gw/dashboard-shell';

/**
 * Marking a payment refunded once the money went back outside the gateway (`gateway payment refund`):
 * offered only while the payment may still become refunded, with a confirmation.
 */
export function refundSection(csrfToken: string, payment: PaymentDocument): SafeHtml | null {
  if (!canTransition(payment.status, 'refunded')) return null;
  return html`<section class="panel" aria-labelledby="refund-title">
    <h2 id="refund-title">Refund</h2>
    <p>
      The gateway sends no money back: refund the buyer from your wallet, then mark the payment refunded here.
      Your webhook is told.
    </p>
    <form method="post" action="/dashboard/payments/${String(payment.paymentId)}/refund">
      ${csrfField(csrfToken)}
      <label for="refund-hash">Refund transaction hash (optional)</label>
      <input id="refund-hash" name="refund_hash" type="text" spellcheck="false" />
      <label
        ><input type="checkbox" name="confirm" value="yes" required /> I have sent the money back; mark this
        payment refunded for good</label
      >
      <button type="submit" class="danger">Mark refunded</button>
    </form>
  </section>`;
}
