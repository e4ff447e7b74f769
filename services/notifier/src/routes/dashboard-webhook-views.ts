import {
  csrfField,
  filterActions,
  notice,
  renderPage,
  scrollingTable,
  when,
  type Chrome,
} from '@gw/dashboard-shell';
import { html, type SafeHtml } from '@gw/platform';
import type { Delivery, DeliveryState } from '../delivery/delivery';
import { formatCursor, type DeliveryCursor, type DeliveryPage } from '../log/delivery-keyset';

export const DELIVERY_STATES: readonly DeliveryState[] = ['pending', 'delivered', 'dead'];

export interface DeliveryListView {
  chrome: Chrome;
  /** A keyset page: the same deliveries however many arrive meanwhile, and no count of them all. */
  page: DeliveryPage;
  state: DeliveryState | null;
  paymentId: number | null;
  message: string | null;
  problems: string[];
}

const STATE_TONE: Record<DeliveryState, string> = { pending: 'wait', delivered: 'good', dead: 'bad' };
const stateBadge = (state: DeliveryState) => html`<span class="badge ${STATE_TONE[state]}">${state}</span>`;

export function renderDeliveryList(view: DeliveryListView): string {
  const { chrome } = view;
  return renderPage({
    title: 'Webhooks',
    chrome,
    body: html`<h1>Webhooks</h1>
      ${notice(view.message)}
      ${view.problems.length > 0 && notice(`Check the filters: ${view.problems.join('; ')}.`, 'error')}
      <form class="panel" method="get" action="/dashboard/webhooks" aria-label="Filter webhooks">
        <div class="filters">
          <div>
            <label for="state">State</label>
            <select id="state" name="state">
              <option value="">Any</option>
              ${DELIVERY_STATES.map(
                (state) =>
                  html`<option value="${state}" ${state === view.state ? html`selected` : ''}>
                    ${state}
                  </option>`,
              )}
            </select>
          </div>
          <div>
            <label for="payment_id">Payment id</label>
            <input id="payment_id" name="payment_id" inputmode="numeric" value="${view.paymentId ?? ''}" />
          </div>
          ${filterActions('/dashboard/webhooks')}
        </div>
      </form>
      <form method="post" action="/dashboard/webhooks/redeliver-dead" class="row">
        ${csrfField(chrome.csrfToken)}
        <button type="submit" class="secondary">Redeliver every dead webhook</button>
      </form>
      ${deliveryTable(view.page.deliveries)} ${pager(view)}`,
  });
}

function deliveryTable(deliveries: Delivery[]): SafeHtml {
  if (deliveries.length === 0) return html`<p class="panel">No webhooks match.</p>`;
  return scrollingTable(
    'Webhook deliveries',
    html`<table>
      <caption>
        Webhooks, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Delivery</th>
          <th scope="col">Created (UTC)</th>
          <th scope="col">Payment</th>
          <th scope="col">Status sent</th>
          <th scope="col">State</th>
          <th scope="col" class="num">Attempts</th>
          <th scope="col">Last answer</th>
        </tr>
      </thead>
      <tbody>
        ${deliveries.map((delivery) => {
          const last = delivery.attempts[delivery.attempts.length - 1];
          return html`<tr>
            <td>
              <a href="/dashboard/webhooks/${delivery.deliveryId}">${delivery.deliveryId.slice(0, 12)}</a>
            </td>
            <td>${when(delivery.createdAt)}</td>
            <td><a href="/dashboard/payments/${delivery.paymentId}">${delivery.paymentId}</a></td>
            <td>${delivery.webhookStatus}</td>
            <td>${stateBadge(delivery.state)}</td>
            <td class="num">${delivery.attemptCount}</td>
            <td class="wrap">${last ? (last.statusCode ?? last.error ?? '—') : '—'}</td>
          </tr>`;
        })}
      </tbody>
    </table>`,
  );
}

/** Links to the neighbouring pages, keeping the filters. */
function pager(view: DeliveryListView): SafeHtml {
  const link = (direction: 'before' | 'after', cursor: DeliveryCursor) => {
    const params = new URLSearchParams();
    if (view.state) params.set('state', view.state);
    if (view.paymentId !== null) params.set('payment_id', String(view.paymentId));
    params.set(direction, formatCursor(cursor));
    return `/dashboard/webhooks?${params.toString()}`;
  };
  const { newer, older } = view.page;
  return html`<nav class="pager" aria-label="Pages">
    ${newer !== null && html`<a href="${link('after', newer)}" rel="prev">← Newer</a>`}
    ${older !== null && html`<a href="${link('before', older)}" rel="next">Older →</a>`}
  </nav>`;
}

export function renderDeliveryPage(chrome: Chrome, delivery: Delivery, message: string | null): string {
  return renderPage({
    title: `Webhook ${delivery.deliveryId}`,
    chrome,
    body: html`<p><a href="/dashboard/webhooks">← Webhooks</a></p>
      <h1>Webhook for payment ${delivery.paymentId} ${stateBadge(delivery.state)}</h1>
      ${notice(message)}
      ${
        delivery.state !== 'pending' &&
        html`<form method="post" action="/dashboard/webhooks/${delivery.deliveryId}/redeliver">
          ${csrfField(chrome.csrfToken)}
          <button type="submit">Redeliver this webhook</button>
        </form>`
      }
      <section class="panel" aria-labelledby="request-title">
        <h2 id="request-title">Request</h2>
        <dl class="facts">
          <dt>URL</dt>
          <dd class="mono">POST ${delivery.url}</dd>
          <dt>Payment status</dt>
          <dd>${delivery.paymentStatus} (sent as ${delivery.webhookStatus})</dd>
          <dt>Next attempt</dt>
          <dd>${when(delivery.nextAttemptAt)}</dd>
          <dt>Delivered</dt>
          <dd>${when(delivery.deliveredAt)}</dd>
          ${
            delivery.deadReason !== null &&
            html`<dt>Gave up</dt>
              <dd>${delivery.deadReason}</dd>`
          }
        </dl>
        <h3>Headers</h3>
        <pre class="mono">
${Object.entries(delivery.headers)
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n')}</pre>
        <h3>Body</h3>
        <pre class="mono">${delivery.body}</pre>
      </section>
      <section class="panel" aria-labelledby="attempts-title">
        <h2 id="attempts-title">Attempts</h2>
        ${
          delivery.attempts.length === 0
            ? html`<p>No attempt yet.</p>`
            : html`<ol class="timeline">
                ${delivery.attempts.map(
                  (attempt) =>
                    html`<li>
                      <strong>Attempt ${attempt.number}</strong> · ${when(attempt.at)} · ${attempt.latencyMs}
                      ms · ${attempt.statusCode === null ? 'no answer' : `HTTP ${attempt.statusCode}`}
                      ${attempt.error !== null && html`<p class="notice error">${attempt.error}</p>`}
                      ${
                        attempt.responseBody !== '' &&
                        html`<details>
                          <summary>Response body</summary>
                          <pre class="mono">${attempt.responseBody}</pre>
                        </details>`
                      }
                    </li>`,
                )}
              </ol>`
        }
      </section>`,
  });
}
