import { mayBeRefunded } from '@gw/domain';
import { html, type SafeHtml } from '@gw/platform';
import type { RefundState } from '@gw/application';
import type { PaymentDocument } from '@gw/views';
import { csrfField } from '@gw/dashboard-shell';

/**
 * The gateway holds no keys and sends no money back. While the payment may be refunded, the merchant
 * asks for a refund here (the buyer's address and the amount, `gateway payment refund-request`) and is
 * shown exactly what to send from its own wallet: address, amount, and a QR code of the payment URI.
 * The chain watcher marks the payment refunded when that transaction is confirmed. A refund that went
 * back some other way can still be marked by hand (`gateway payment refund`), with a confirmation.
 */
export function refundSection(
  csrfToken: string,
  payment: PaymentDocument,
  refund: RefundState,
): SafeHtml | null {
  if (refund.status === 'refunded') return refundedPanel(refund);
  if (!mayBeRefunded(payment.status)) return null;
  const base = `/dashboard/payments/${String(payment.paymentId)}`;
  return html`<section class="panel" aria-labelledby="refund-title">
    <h2 id="refund-title">Refund</h2>
    ${refund.status === 'pending' ? pendingRefund(base, refund) : requestForm(csrfToken, base, payment)}
    <details>
      <summary>Mark refunded by hand</summary>
      <p>If the money went back without a request the gateway watches for, mark the payment refunded here.</p>
      <form method="post" action="${base}/refund">
        ${csrfField(csrfToken)}
        <label for="refund-hash">Refund transaction hash (optional)</label>
        <input id="refund-hash" name="refund_hash" type="text" spellcheck="false" />
        <label
          ><input type="checkbox" name="confirm" value="yes" required /> I have sent the money back; mark this
          payment refunded for good</label
        >
        <button type="submit" class="danger">Mark refunded</button>
      </form>
    </details>
  </section>`;
}

function requestForm(csrfToken: string, base: string, payment: PaymentDocument): SafeHtml {
  return html`<p>
      The gateway sends no money back: ask for a refund, send it from your own wallet, and the payment becomes
      refunded once the transaction is confirmed. Your webhook is told at each step.
    </p>
    <form method="post" action="${base}/refund-request">
      ${csrfField(csrfToken)}
      <label for="refund-address">The buyer's ${payment.payNetwork} address</label>
      <input id="refund-address" name="address" type="text" spellcheck="false" required />
      <label for="refund-amount"
        >Amount in ${payment.payCurrency.toUpperCase()} (empty: all ${payment.actuallyPaid} received)</label
      >
      <input id="refund-amount" name="amount" type="text" inputmode="decimal" spellcheck="false" />
      <button type="submit">Request refund</button>
    </form>`;
}

function pendingRefund(base: string, refund: RefundState): SafeHtml {
  const currency = refund.payCurrency.toUpperCase();
  return html`<p class="notice" role="status">
      Refund pending since ${refund.requestedAt ?? ''}: send exactly this from your wallet. It stays pending
      until the transaction is seen and confirmed.
    </p>
    <dl class="facts">
      <dt>Send</dt>
      <dd><code data-refund-amount>${refund.amount ?? ''}</code> ${currency} (${refund.payNetwork})</dd>
      <dt>To</dt>
      <dd><code data-refund-address>${refund.address ?? ''}</code></dd>
    </dl>
    <div class="qr">
      <img
        src="${base}/refund-qr.svg"
        width="200"
        height="200"
        alt="QR code of the refund: ${refund.amount ?? ''} ${currency} to ${refund.address ?? ''}"
      />
      <a class="wallet-link" data-refund-uri href="${refund.paymentUri ?? ''}">Open in wallet</a>
    </div>`;
}

function refundedPanel(refund: RefundState): SafeHtml {
  return html`<section class="panel" aria-labelledby="refund-title">
    <h2 id="refund-title">Refund</h2>
    <p>
      Refunded${refund.refundedAt ? html` ${refund.refundedAt}` : ''}${
        refund.address
          ? html`: ${refund.amount ?? ''} ${refund.payCurrency.toUpperCase()} to
              <code>${refund.address}</code>`
          : ''
      }${refund.refundHash ? html`, transaction <code data-refund-hash>${refund.refundHash}</code>` : ''}.
    </p>
  </section>`;
}
