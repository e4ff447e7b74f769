import { PAYMENT_STATUSES } from '@gw/domain';
import { html, trusted, type SafeHtml } from '@gw/platform';
import type { PaymentDocument } from '@gw/views';
import { FAMILIES, type PaymentListQuery, type PaymentPage } from '../payments/payment-list';
import {
  amount,
  filterActions,
  scrollingTable,
  statusBadge,
  testBadge,
  when,
  notice,
  renderPage,
  type Chrome,
} from '@gw/dashboard-shell';
import { DASHBOARD_SCRIPT_PATH } from '../assets';
import { liveRegion, liveStreamUrl } from './live-region';

export interface PaymentsView {
  chrome: Chrome;
  merchantId: string;
  /** The live stream's position when the page was read: its stream resumes from there. */
  livePosition: string;
  query: PaymentListQuery;
  page: PaymentPage;
  /** Present when the visitor searched: the matches replace the paged list. */
  searched: boolean;
  problems: string[];
  currencies: string[];
}

export function renderPaymentsPage(view: PaymentsView): string {
  const { query, page } = view;
  return renderPage({
    title: 'Payments',
    chrome: view.chrome,
    scripts: [DASHBOARD_SCRIPT_PATH],
    body: html`<h1>Payments</h1>
      ${view.problems.length > 0 && notice(`Check the filters: ${view.problems.join('; ')}.`, 'error')}
      <form
        class="panel"
        method="get"
        action="/dashboard/payments"
        role="search"
        aria-label="Filter payments"
      >
        <div class="filters">
          <div>
            <label for="q">Order id, address, transaction or payment id</label>
            <input id="q" name="q" type="search" value="${query.search ?? ''}" />
          </div>
          ${select('status', 'Status', PAYMENT_STATUSES, query.status)}
          ${select('family', 'API family', FAMILIES, query.family)}
          ${select('currency', 'Pay currency', view.currencies, query.currency)}
          <div>
            <label for="network">Network</label>
            <input id="network" name="network" value="${query.network ?? ''}" />
          </div>
          <div>
            <label for="from">From (UTC day)</label>
            <input id="from" name="from" type="date" value="${query.from ?? ''}" />
          </div>
          <div>
            <label for="to">To (UTC day)</label>
            <input id="to" name="to" type="date" value="${query.to ?? ''}" />
          </div>
          ${filterActions('/dashboard/payments')}
        </div>
      </form>
      ${
        problems(view)
          ? null
          : liveRegion(
              liveStreamUrl('payments', view.merchantId, {
                ...liveFilters(query),
                since: view.livePosition,
              }),
              {
                newestShown: view.searched || page.newer === null,
              },
            )
      }
      ${!view.searched && !problems(view) && exportLink(query)}
      ${paymentsTable(page.payments, view.searched ? 'Search results' : 'Payments, newest first')}
      ${!view.searched && pager(query, page)}`,
  });
}

const problems = (view: PaymentsView): boolean => view.problems.length > 0;

/** The filters (or the search) the page's stream matches new payments against; never its cursors. */
const liveFilters = (query: PaymentListQuery): Record<string, string | null> => ({
  status: query.status,
  family: query.family,
  currency: query.currency,
  network: query.network,
  from: query.from,
  to: query.to,
  q: query.search,
});

/** The CSV of every payment the filters select (not only this page); a search is not exported. */
function exportLink(query: PaymentListQuery): SafeHtml {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(liveFilters(query))) if (value) params.set(name, value);
  const search = params.toString();
  return html`<p>
    <a href="/dashboard/payments.csv${search ? `?${search}` : ''}" download>Download CSV</a>
  </p>`;
}

function select(name: string, label: string, options: readonly string[], selected: string | null): SafeHtml {
  return html`<div>
    <label for="${name}">${label}</label>
    <select id="${name}" name="${name}">
      <option value="">Any</option>
      ${options.map(
        (option) =>
          html`<option value="${option}" ${option === selected ? trusted('selected') : ''}>
            ${option}
          </option>`,
      )}
    </select>
  </div>`;
}

/**
 * Payments newest first. The table is there even when empty, and each row names its payment, so the
 * live script can update a row in place or slot a new payment in.
 */
export function paymentsTable(payments: PaymentDocument[], caption: string): SafeHtml {
  return scrollingTable(
    caption,
    html`<table>
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">Payment</th>
          <th scope="col">Created (UTC)</th>
          <th scope="col">Status</th>
          <th scope="col">Order</th>
          <th scope="col" class="num">Price</th>
          <th scope="col" class="num">Pay amount</th>
          <th scope="col" class="num">Paid</th>
          <th scope="col">Family</th>
        </tr>
      </thead>
      <tbody data-live-rows>
        ${
          payments.length === 0
            ? html`<tr data-live-empty>
                <td colspan="8">No payments match.</td>
              </tr>`
            : payments.map(paymentRow)
        }
      </tbody>
    </table>`,
  );
}

export const paymentRow = (payment: PaymentDocument): SafeHtml =>
  html`<tr data-payment-id="${payment.paymentId}">
    <td><a href="/dashboard/payments/${payment.paymentId}">${payment.paymentId}</a></td>
    <td>${when(payment.createdAt)}</td>
    <td>${statusBadge(payment.status)}${testBadge(payment.testPayment)}</td>
    <td>${payment.orderId ?? '—'}</td>
    <td class="num">${amount(payment.priceAmount, payment.priceCurrency)}</td>
    <td class="num">${amount(payment.payAmount, payment.payCurrency)}</td>
    <td class="num">${amount(payment.actuallyPaid, payment.payCurrency)}</td>
    <td>${payment.family}</td>
  </tr>`;

function pager(query: PaymentListQuery, page: PaymentPage): SafeHtml {
  const link = (cursor: 'before' | 'after', value: number) => {
    const params = new URLSearchParams();
    for (const [name, set] of [
      ['status', query.status],
      ['family', query.family],
      ['currency', query.currency],
      ['network', query.network],
      ['from', query.from],
      ['to', query.to],
    ] as const) {
      if (set) params.set(name, set);
    }
    params.set(cursor, String(value));
    return `/dashboard/payments?${params.toString()}`;
  };
  return html`<nav class="pager" aria-label="Pages">
    ${page.newer !== null && html`<a href="${link('after', page.newer)}" rel="prev">← Newer</a>`}
    ${page.older !== null && html`<a href="${link('before', page.older)}" rel="next">Older →</a>`}
  </nav>`;
}
