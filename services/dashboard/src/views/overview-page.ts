import { html } from '@gw/platform';
import { currencyTotals, type DayTotals } from '../overview/daily-totals';
import { barChart } from './bar-chart';
import { scrollingTable } from './format';
import { renderPage, type Chrome } from './layout';

export interface OverviewView {
  chrome: Chrome;
  days: DayTotals[];
  /** The page reads at most this many of the latest payments; more in the window are left out. */
  truncatedAt: number | null;
}

export function renderOverviewPage({ chrome, days, truncatedAt }: OverviewView): string {
  const currencies = currencyTotals(days);
  return renderPage({
    title: 'At a glance',
    chrome,
    body: html`<h1>At a glance</h1>
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
