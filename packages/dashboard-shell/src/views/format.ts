import { html, type SafeHtml } from '@gw/platform';
import type { PaymentStatus } from '@gw/domain';

const GOOD: readonly PaymentStatus[] = ['finished', 'confirmed', 'sending'];
const BAD: readonly PaymentStatus[] = ['failed', 'expired', 'refunded'];

export function statusBadge(status: string): SafeHtml {
  const tone = GOOD.includes(status as PaymentStatus)
    ? 'good'
    : BAD.includes(status as PaymentStatus)
      ? 'bad'
      : 'wait';
  return html`<span class="badge ${tone}">${status.replace(/_/g, ' ')}</span>`;
}

export const testBadge = (isTest: boolean): SafeHtml | null =>
  isTest ? html` <span class="badge test">test payment</span>` : null;

export const amount = (value: string, currency: string): string => `${value} ${currency.toUpperCase()}`;

/** Timestamps as stored (UTC, ISO 8601), cut to the minute for tables; the title keeps the whole. */
export const when = (iso: string | null): SafeHtml | string =>
  iso === null ? '—' : html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')}</time>`;

/** The end of every filter form: apply, or clear back to the unfiltered page. */
export const filterActions = (unfilteredPath: string): SafeHtml =>
  html`<div class="row">
    <button type="submit">Apply</button>
    <a href="${unfilteredPath}">Clear</a>
  </div>`;

/** A table that scrolls sideways on a phone, reachable and named for the keyboard and screen readers. */
export const scrollingTable = (label: string, table: SafeHtml): SafeHtml =>
  html`<div class="table-wrap" role="region" aria-label="${label}" tabindex="0">${table}</div>`;
