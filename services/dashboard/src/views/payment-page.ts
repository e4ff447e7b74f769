import { merchantShareOf } from '@gw/domain';
import { html, type SafeHtml } from '@gw/platform';
import type { RefundState } from '@gw/application';
import type { StoredEvent } from '@gw/store';
import type { PaymentDocument } from '@gw/views';
import {
  amount,
  scrollingTable,
  statusBadge,
  testBadge,
  when,
  renderPage,
  type Chrome,
} from '@gw/dashboard-shell';
import { refundSection } from './refund-form';
import { liveRegion, liveStreamUrl } from './live-region';
import { DASHBOARD_SCRIPT_PATH } from '../assets';

export interface PaymentView {
  chrome: Chrome;
  payment: PaymentDocument;
  events: StoredEvent[];
  /** The live stream's position when the page was read: its stream resumes from there. */
  livePosition: string;
  refund: RefundState;
}

export function renderPaymentPage({ chrome, payment, events, livePosition, refund }: PaymentView): string {
  const liveUrl = liveStreamUrl('payment', payment.merchantId, {
    payment_id: String(payment.paymentId),
    since: livePosition,
  });
  return renderPage({
    title: `Payment ${payment.paymentId}`,
    chrome,
    body: html`<p><a href="/dashboard/payments">← Payments</a></p>
      ${paymentHeading(payment)} ${liveRegion(liveUrl)}
      <section class="panel" aria-labelledby="facts-title">
        <h2 id="facts-title">Details</h2>
        ${paymentFacts(payment)}
      </section>
      <section class="panel" aria-labelledby="deposits-title">
        <h2 id="deposits-title">Deposits</h2>
        ${depositsTable(payment)}
      </section>
      ${refundSection(chrome.csrfToken, payment, refund)}
      <section class="panel" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook deliveries</h2>
        <p>
          <a href="/dashboard/webhooks?payment_id=${payment.paymentId}"
            >Every webhook sent for this payment, with each attempt's request, response and error</a
          >
        </p>
      </section>
      <section class="panel" aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <p class="muted">Every event of the payment, in the order the event store holds them.</p>
        <ol class="timeline" data-live-timeline>
          ${events.map(timelineItem)}
        </ol>
      </section>`,
    scripts: [DASHBOARD_SCRIPT_PATH],
  });
}

export const paymentHeading = (payment: PaymentDocument): SafeHtml =>
  html`<h1 data-live-part="heading">
    Payment ${payment.paymentId} ${statusBadge(payment.status)}${testBadge(payment.testPayment)}
  </h1>`;

export function paymentFacts(payment: PaymentDocument): SafeHtml {
  const currency = payment.payCurrency;
  // The rule the API records and webhooks use: no fee on a payment to the merchant's own wallet.
  const share = merchantShareOf(payment);
  return html`<dl class="facts" data-live-part="facts">
    <dt>Order</dt>
    <dd>${payment.orderId ?? '—'}</dd>
    <dt>Description</dt>
    <dd>${payment.orderDescription ?? '—'}</dd>
    <dt>Price</dt>
    <dd>${amount(payment.priceAmount, payment.priceCurrency)}</dd>
    <dt>To pay</dt>
    <dd>${amount(payment.payAmount, currency)} on ${payment.payNetwork}</dd>
    <dt>Paid</dt>
    <dd>${amount(payment.actuallyPaid, currency)}</dd>
    <dt>To the merchant</dt>
    <dd>${amount(share.merchantAmount, currency)}</dd>
    <dt>Fee</dt>
    <dd>${amount(share.commission, currency)}</dd>
    <dt>Pay address</dt>
    <dd class="mono">${payment.payAddress}</dd>
    <dt>API family</dt>
    <dd>${payment.family}</dd>
    <dt>Created</dt>
    <dd>${when(payment.createdAt)}</dd>
    <dt>Expires</dt>
    <dd>${when(payment.expiresAt)}</dd>
    <dt>Webhook URL</dt>
    <dd class="mono">${payment.callbackUrl ?? '—'}</dd>
  </dl>`;
}

/** One event of the timeline; `data-version` lets the live script add each event once. */
export const timelineItem = (
  event: Pick<StoredEvent, 'type' | 'occurredAt' | 'version' | 'data'>,
): SafeHtml =>
  html`<li data-version="${event.version}">
    <strong>${event.type}</strong> · ${when(event.occurredAt)} · version ${event.version}
    <details>
      <summary>Data</summary>
      <pre class="mono">${JSON.stringify(event.data, null, 2)}</pre>
    </details>
  </li>`;

export function depositsTable(payment: PaymentDocument): SafeHtml {
  const rows = [
    ...payment.deposits.map((deposit) => ({ ...deposit, notCounted: null as string | null })),
    ...payment.lateDeposits.map((deposit) => ({
      ...deposit,
      notCounted: `arrived while ${deposit.paymentStatus}`,
    })),
    ...(payment.priorDeposits ?? []).map((deposit) => ({
      ...deposit,
      notCounted: `on the address before the payment existed (block ${deposit.block.height})`,
    })),
  ];
  if (rows.length === 0) return html`<div data-live-part="deposits"><p>No money has arrived yet.</p></div>`;
  return html`<div data-live-part="deposits">
    ${scrollingTable(
      'Deposit transactions',
      html`<table>
        <thead>
          <tr>
            <th scope="col">Transaction</th>
            <th scope="col" class="num">Amount</th>
            <th scope="col" class="num">Confirmations</th>
            <th scope="col">Seen (UTC)</th>
            <th scope="col">Counted</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (deposit) =>
              html`<tr>
                <td class="wrap mono">${deposit.txHash}</td>
                <td class="num">${amount(deposit.amount, payment.payCurrency)}</td>
                <td class="num">${deposit.confirmations} of ${payment.requiredConfirmations}</td>
                <td>${when(deposit.detectedAt)}</td>
                <td>${deposit.notCounted === null ? 'yes' : `no: ${deposit.notCounted}`}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
    )}
  </div>`;
}
