import { html } from '@gw/platform';
import type { PaymentDocument } from '@gw/views';
import { DASHBOARD_SCRIPT_PATH } from '../assets';
import { currencyTotals, type DayTotals } from '../overview/daily-totals';
import { barChart } from './bar-chart';
import { scrollingTable, renderPage, type Chrome } from '@gw/dashboard-shell';
import { liveRegion, liveStreamUrl } from './live-region';
import { paymentsTable } from './payments-page';

export interface OverviewView {
  chrome: Chrome;
  merchantId: string;
  /** The live stream's position when the page was read: its stream resumes from there. */
  livePosition: string;
  /** The newest payments, kept current by the live script. */
  latest: PaymentDocument[];
  days: DayTotals[];
  /** The page reads at most this many of the latest payments; more in the window are left out. */
  truncatedAt: number | null;
}

export const LATEST_SHOWN = 10;

export function renderOverviewPage(view: OverviewView): string {
  const { chrome, merchantId, livePosition, latest, days, truncatedAt } = view;
  const currencies = currencyTotals(days);
  return renderPage({
    title: 'At a glance',
    chrome,
    scripts: [DASHBOARD_SCRIPT_PATH],
    body: html`<h1>At a glance</h1>
      <section class="panel" aria-labelledby="latest-title">
        <h2 id="latest-title">Latest payments</h2>
        ${liveRegion(liveStreamUrl('payments', merchantId, { since: livePosition }), { newestShown: true, rowLimit: LATEST_SHOWN })}
        ${paymentsTable(latest, 'Latest payments, newest first')}
      </section>
      <p class="muted">
        The last ${days.length} days
        (UTC)${truncatedAt !== null && `, from the latest ${truncatedAt.toLocaleString('en')} payments`}.
      </p>
      <div class="charts">
        <section class="panel chart" aria-labelledby="count-title">
          <h2 id="count-title">Payments per day</h2>
          ${barChart(
            'Payments per day',
            days.map((day) => ({ label: day.day, value: day.count, text: String(day.count) })),
          )}
        </section>
        ${currencies.map(
          ({ currency }) =>
            html`<section class="panel chart" aria-labelledby="paid-${currency}-title">
              <h2 id="paid-${currency}-title">${currency.toUpperCase()} received per day</h2>
              ${barChart(
                `${currency.toUpperCase()} received per day`,
                days.map((day) => {
                  const paid = day.paid[currency] ?? '0';
                  return { label: day.day, value: Number(paid), text: `${paid} ${currency.toUpperCase()}` };
                }),
              )}
            </section>`,
        )}
      </div>
      ${scrollingTable(
        'Totals by currency',
        html`<table>
          <caption>
            Received by currency over the ${days.length} days
          </caption>
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col" class="num">Received</th>
            </tr>
          </thead>
          <tbody>
            ${currencies.map(
              ({ currency, paid }) =>
                html`<tr>
                  <td>${currency.toUpperCase()}</td>
                  <td class="num">${paid}</td>
                </tr>`,
            )}
          </tbody>
        </table>`,
      )}`,
  });
}
