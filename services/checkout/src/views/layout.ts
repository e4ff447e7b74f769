import { CHECKOUT_SCRIPT_PATH, CHECKOUT_STYLE } from '../assets';
import { html, trusted, type SafeHtml } from '@gw/platform';
import { fill, type CheckoutTexts } from '../texts';
import { ICONS } from './icons';

export interface PageShell {
  texts: CheckoutTexts;
  title: string;
  body: SafeHtml;
  /** Pages that update themselves load the status script. */
  withScript?: boolean;
  /** Without scripting, a live page refreshes itself, or follows the redirect the script would have made. */
  noscriptRefresh?: { seconds: number; url?: string } | null;
}

/** Built outside any `html` template: its bytes must be exactly those the CSP hash allows. */
const STYLE_TAG = trusted(`<style>${CHECKOUT_STYLE.body}</style>`);

export function renderPage({
  texts,
  title,
  body,
  withScript = false,
  noscriptRefresh = null,
}: PageShell): string {
  const refresh =
    noscriptRefresh &&
    html`<noscript
      ><meta
        http-equiv="refresh"
        content="${noscriptRefresh.seconds}${noscriptRefresh.url ? `;url=${noscriptRefresh.url}` : ''}"
    /></noscript>`;
  return html`<!doctype html>
    <html lang="${texts.lang}" dir="${texts.dir}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="color-scheme" content="light" />
        <title>${title}</title>
        <link rel="icon" href="data:," />
        ${STYLE_TAG} ${withScript && html`<script src="${CHECKOUT_SCRIPT_PATH}" defer></script>`} ${refresh}
      </head>
      <body>
        ${body}
      </body>
    </html> `.value;
}

/** The merchant's name with a monogram, under a "secure checkout" line. */
export function merchantHeader(texts: CheckoutTexts, merchantName: string): SafeHtml {
  const initial = Array.from(merchantName.trim())[0]?.toUpperCase() ?? '?';
  return html`<header class="merchant">
    <span class="merchant-mark" aria-hidden="true">${initial}</span>
    <div>
      <p class="eyebrow">${ICONS.lock}${texts.common.secureCheckout}</p>
      <h1>${fill(texts.common.payMerchant, { merchant: merchantName })}</h1>
    </div>
  </header>`;
}

export interface OrderSummary {
  orderId: string | null;
  description: string | null;
  price: string;
}

export function orderSummary(texts: CheckoutTexts, order: OrderSummary): SafeHtml {
  return html`<section class="order" aria-label="${texts.common.order}">
    <dl>
      ${
        order.orderId !== null &&
        html`<div>
          <dt>${texts.common.order}</dt>
          <dd>${order.orderId}</dd>
        </div>`
      }
      ${
        order.description !== null &&
        html`<div>
          <dt>${texts.common.description}</dt>
          <dd>${order.description}</dd>
        </div>`
      }
      <div class="total">
        <dt>${texts.common.amount}</dt>
        <dd>${order.price}</dd>
      </div>
    </dl>
  </section>`;
}
