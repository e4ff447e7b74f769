import { html } from '@gw/platform';
import { renderPage } from './layout';

/** A page with a heading, one sentence and the way back: sign-in problems, refusals, errors. */
export function renderMessagePage(title: string, detail: string): string {
  return renderPage({
    title,
    body: html`<section class="panel narrow">
      <h1>${title}</h1>
      <p>${detail}</p>
      <p><a href="/dashboard">Back to the dashboard</a></p>
    </section>`,
  });
}
