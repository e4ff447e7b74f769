import { html } from '@gw/platform';
import type { CheckoutTexts } from '../texts';
import { ICONS } from './icons';
import { renderPage } from './layout';

/** Not found, refused or failed: a plain explanation in the checkout's look, never a stack trace. */
export function renderMessagePage(texts: CheckoutTexts, title: string, detail: string): string {
  const body = html`<main class="checkout">
    <section class="status stage-failed" role="alert">
      ${ICONS.alert}
      <div>
        <h1>${title}</h1>
        <p>${detail}</p>
      </div>
    </section>
  </main>`;
  return renderPage({ texts, title, body });
}
