import { html } from '@gw/platform';
import { notice, renderPage } from '@gw/dashboard-shell';

export function renderSignInPage(
  csrfToken: string,
  error: string | null,
  info: string | null = null,
): string {
  return renderPage({
    title: 'Sign in',
    body: html`<section class="panel narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to the dashboard</h1>
      ${notice(error, 'error')} ${notice(info)}
      <form method="post" action="/dashboard/sign-in">
        <input type="hidden" name="csrf" value="${csrfToken}" />
        <label for="key">API key or admin token</label>
        <input
          id="key"
          name="key"
          type="password"
          autocomplete="current-password"
          required
          aria-describedby="key-help"
        />
        <p id="key-help" class="muted">
          Your V1 API key (<code>x-api-key</code>), as printed when the merchant was created. The operator
          signs in with the admin token.
        </p>
        <button type="submit">Sign in</button>
      </form>
    </section>`,
  });
}
