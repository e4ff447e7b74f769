import { html, trusted, type SafeHtml } from '@gw/platform';
import { DASHBOARD_STYLE } from '../assets';

/** Built outside any `html` template: its bytes must be exactly those the CSP hash allows. */
const STYLE_TAG = trusted(`<style>${DASHBOARD_STYLE.body}</style>`);

export type Section =
  'overview' | 'payments' | 'webhooks' | 'wallets' | 'subscriptions' | 'settings' | 'outbox';

const SECTIONS: { section: Section; path: string; label: string; operatorOnly?: true }[] = [
  { section: 'overview', path: '/dashboard', label: 'At a glance' },
  { section: 'payments', path: '/dashboard/payments', label: 'Payments' },
  { section: 'webhooks', path: '/dashboard/webhooks', label: 'Webhooks' },
  { section: 'wallets', path: '/dashboard/wallets', label: 'Wallets' },
  { section: 'subscriptions', path: '/dashboard/subscriptions', label: 'Subscriptions' },
  { section: 'settings', path: '/dashboard/settings', label: 'Settings' },
  { section: 'outbox', path: '/dashboard/outbox', label: 'Outbox', operatorOnly: true },
];

/** What every signed-in page shows around its content. */
export interface Chrome {
  csrfToken: string;
  /** The merchant shown, or null while the operator has not picked one. */
  merchantName: string | null;
  /** Only for the operator: every merchant, to switch between. */
  switcher: { merchantId: string; name: string }[] | null;
  selectedMerchantId: string | null;
  current: Section | null;
}

export interface Page {
  title: string;
  body: SafeHtml;
  chrome?: Chrome;
  /** Scripts of our own origin; the CSP allows no other. */
  scripts?: string[];
}

export function renderPage({ title, body, chrome, scripts = [] }: Page): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="color-scheme" content="light" />
        <title>${title} · Dashboard</title>
        <link rel="icon" href="data:," />
        ${STYLE_TAG} ${scripts.map((src) => html`<script src="${src}" defer></script>`)}
      </head>
      <body>
        <a class="skip" href="#content">Skip to content</a>
        ${chrome && topBar(chrome)}
        <main id="content" tabindex="-1">${body}</main>
      </body>
    </html>`.value;
}

function topBar(chrome: Chrome): SafeHtml {
  return html`<header class="top">
    <span class="brand">${chrome.merchantName ?? 'Dashboard'}</span>
    ${chrome.switcher && merchantSwitcher(chrome)}
    <nav aria-label="Dashboard">
      <ul>
        ${SECTIONS.filter(({ operatorOnly }) => !operatorOnly || chrome.switcher !== null).map(
          ({ section, path, label }) =>
            html`<li>
              <a href="${path}" ${chrome.current === section ? trusted('aria-current="page"') : ''}
                >${label}</a
              >
            </li>`,
        )}
      </ul>
    </nav>
    <form method="post" action="/dashboard/sign-out">
      ${csrfField(chrome.csrfToken)}
      <button type="submit" class="secondary">Sign out</button>
    </form>
  </header>`;
}

function merchantSwitcher(chrome: Chrome): SafeHtml {
  return html`<form method="post" action="/dashboard/merchant">
    ${csrfField(chrome.csrfToken)}
    <label for="merchant-switch" class="skip">Merchant</label>
    <select id="merchant-switch" name="merchant_id">
      ${chrome.selectedMerchantId === null && html`<option value="">Choose a merchant</option>`}
      ${(chrome.switcher ?? []).map(
        (merchant) =>
          html`<option
            value="${merchant.merchantId}"
            ${merchant.merchantId === chrome.selectedMerchantId ? trusted('selected') : ''}
          >
            ${merchant.name}
          </option>`,
      )}
    </select>
    <button type="submit" class="secondary">Switch</button>
  </form>`;
}

export const csrfField = (token: string): SafeHtml =>
  html`<input type="hidden" name="csrf" value="${token}" />`;

export function notice(text: string | null, kind: 'info' | 'error' | 'warn' = 'info'): SafeHtml | null {
  if (!text) return null;
  return html`<p
    class="notice${kind === 'info' ? '' : ` ${kind}`}"
    role="${kind === 'error' ? 'alert' : 'status'}"
  >
    ${text}
  </p>`;
}
