import { html, trusted, type SafeHtml } from '@gw/platform';
import type { PlanDocument, SubscriptionDocument } from '@gw/views';
import { scrollingTable, when } from './format';
import { csrfField, notice, renderPage, type Chrome } from './layout';

/** The credentials a merchant can rotate, as the admin API and CLI name them. */
export const ROTATABLE = {
  'api-key': { name: 'apiKey', label: 'V1 API key (x-api-key, and your dashboard sign-in)' },
  'beta-api-key': { name: 'betaApiKey', label: 'Family B merchant_api_key' },
  'payment-key': { name: 'paymentKey', label: 'Family A payment key (sign)' },
  'ipn-secret': { name: 'ipnSecret', label: 'V1 IPN secret (webhook signatures)' },
} as const;
export type RotatablePath = keyof typeof ROTATABLE;

export interface SettingsView {
  chrome: Chrome;
  coins: { code: string; name: string }[];
  /** Null: every catalogue coin. */
  enabledCoins: string[] | null;
  outcomeCurrency: string | null;
  plans: PlanDocument[];
  subscriptions: SubscriptionDocument[];
  message: string | null;
  error: string | null;
  /** A credential just rotated: its new value, shown this once. */
  rotated: { label: string; value: string } | null;
}

export function renderSettingsPage(view: SettingsView): string {
  const { csrfToken } = view.chrome;
  return renderPage({
    title: 'Settings',
    chrome: view.chrome,
    body: html`<h1>Settings</h1>
      ${notice(view.message)} ${notice(view.error, 'error')} ${view.rotated && rotatedPanel(view.rotated)}
      <section class="panel" aria-labelledby="coins-title">
        <h2 id="coins-title">Coins you accept</h2>
        <form method="post" action="/dashboard/settings/coins">
          ${csrfField(csrfToken)}
          <fieldset>
            <legend>Buyers may pay with</legend>
            <label
              ><input
                type="radio"
                name="mode"
                value="all"
                ${view.enabledCoins === null ? trusted('checked') : ''}
              />
              Every coin of the catalogue</label
            >
            <label
              ><input
                type="radio"
                name="mode"
                value="chosen"
                ${view.enabledCoins !== null ? trusted('checked') : ''}
              />
              Only the coins ticked below</label
            >
            <div class="coins">
              ${view.coins.map(
                ({ code, name }) =>
                  html`<label
                    ><input
                      type="checkbox"
                      name="coin"
                      value="${code}"
                      ${view.enabledCoins?.includes(code) ? trusted('checked') : ''}
                    />
                    ${name} (${code})</label
                  >`,
              )}
            </div>
          </fieldset>
          <button type="submit">Save coins</button>
        </form>
        <p>
          Outcome currency:
          <strong>${view.outcomeCurrency ?? 'none (payments settle in the coin paid)'}</strong>
        </p>
      </section>
      <section class="panel" aria-labelledby="keys-title">
        <h2 id="keys-title">Keys and secrets</h2>
        <p>
          A new value is shown once; the old one stops working at once, everywhere you use it. A new API key
          also signs out every other dashboard session opened with the old one.
        </p>
        ${Object.entries(ROTATABLE).map(
          ([path, { label }]) =>
            html`<form method="post" action="/dashboard/settings/keys/${path}/rotate" class="row">
              ${csrfField(csrfToken)}
              <span>${label}</span>
              <label
                ><input type="checkbox" name="confirm" value="yes" required /> I understand the current value
                stops working</label
              >
              <button type="submit" class="danger">Rotate</button>
            </form>`,
        )}
      </section>
      <section class="panel" aria-labelledby="plans-title">
        <h2 id="plans-title">Subscription plans</h2>
        ${plansTable(view.plans)}
        <h2>Subscriptions</h2>
        ${subscriptionsTable(view.subscriptions)}
        <p class="muted">
          Plans and subscriptions are created with <code>gateway plan create</code> and
          <code>gateway subscription create</code>, or the admin API.
        </p>
      </section>`,
  });
}

function rotatedPanel({ label, value }: { label: string; value: string }): SafeHtml {
  return html`<section class="panel" aria-labelledby="rotated-title" role="status">
    <h2 id="rotated-title">New ${label}</h2>
    <p>Copy it now: it is not shown again.</p>
    <p class="secret mono" data-secret>${value}</p>
  </section>`;
}

function plansTable(plans: PlanDocument[]): SafeHtml {
  if (plans.length === 0) return html`<p>No plans yet.</p>`;
  return scrollingTable(
    'Subscription plans',
    html`<table>
      <thead>
        <tr>
          <th scope="col">Plan</th>
          <th scope="col">Title</th>
          <th scope="col" class="num">Amount</th>
          <th scope="col" class="num">Every</th>
          <th scope="col">Created (UTC)</th>
        </tr>
      </thead>
      <tbody>
        ${plans.map(
          (plan) =>
            html`<tr>
              <td>${plan.planId}</td>
              <td>${plan.title}</td>
              <td class="num">${plan.amount} ${plan.currency.toUpperCase()}</td>
              <td class="num">${plan.intervalDay} days</td>
              <td>${when(plan.createdAt)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`,
  );
}

function subscriptionsTable(subscriptions: SubscriptionDocument[]): SafeHtml {
  if (subscriptions.length === 0) return html`<p>No subscriptions yet.</p>`;
  return scrollingTable(
    'Subscriptions',
    html`<table>
      <thead>
        <tr>
          <th scope="col">Subscription</th>
          <th scope="col">Plan</th>
          <th scope="col">Subscriber</th>
          <th scope="col">Status</th>
          <th scope="col">Renews (UTC)</th>
        </tr>
      </thead>
      <tbody>
        ${subscriptions.map(
          (subscription) =>
            html`<tr>
              <td>${subscription.subscriptionId}</td>
              <td>${subscription.planId}</td>
              <td>${subscription.subscriberEmail}</td>
              <td>${subscription.status}</td>
              <td>${when(subscription.expireDate)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`,
  );
}
