import { html, trusted, type SafeHtml } from '@gw/platform';
import { textField, type FormState } from './form-field';
import { csrfField, notice, renderPage, type Chrome } from '@gw/dashboard-shell';

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
  /** The outcome currency form as sent back with a problem; empty otherwise. */
  outcomeForm: FormState;
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
      </section>
      <section class="panel" aria-labelledby="outcome-title">
        <h2 id="outcome-title">Outcome currency</h2>
        <p>
          Now: <strong>${view.outcomeCurrency ?? 'none (amounts in the coin paid)'}</strong>. Any catalogue
          currency, crypto or fiat; leave it empty for none.
        </p>
        <form method="post" action="/dashboard/settings/outcome-currency" novalidate>
          ${csrfField(csrfToken)}
          ${textField('settings', 'outcome_currency', 'Outcome currency', view.outcomeForm, {
            hint: 'A catalogue code: usd, eur, usdttrc20…',
          })}
          <button type="submit">Save outcome currency</button>
        </form>
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
