import { html, trusted, type SafeHtml } from '@gw/platform';

/**
 * Where a page's live updates are announced, and the address of its event stream. Without the script
 * (or without JavaScript) it stays empty and the page is as it was served. The script carries no
 * words: every sentence it shows is here or in the stream's messages. `newestShown` says the page lists
 * the newest payments, so a new one goes on top; a page further down only updates its own rows.
 * `rowLimit` keeps a short list short (the newest on the overview).
 */
export const liveRegion = (
  streamUrl: string,
  { newestShown = false, rowLimit = null }: { newestShown?: boolean; rowLimit?: number | null } = {},
): SafeHtml =>
  html`<div
    class="live"
    data-live-url="${streamUrl}"
    ${newestShown ? trusted('data-live-newest') : ''}
    ${rowLimit === null ? '' : html`data-live-limit="${rowLimit}"`}
  >
    <p class="muted" role="status" aria-live="polite" data-live-announce></p>
    <p class="muted" hidden data-live-paused>
      Live updates are paused; they resume when the connection is back.
    </p>
    <p class="notice warn" hidden data-live-reset>
      Some changes may be missing from this page. <a href="">Reload it</a> to see them.
    </p>
  </div>`;

/** The stream address of a page: its view and the merchant it shows, so a switched session is refused. */
export function liveStreamUrl(view: string, merchantId: string, params: Record<string, string | null> = {}) {
  const query = new URLSearchParams({ view, merchant: merchantId });
  for (const [name, value] of Object.entries(params)) if (value !== null) query.set(name, value);
  return `/dashboard/live?${query.toString()}`;
}
