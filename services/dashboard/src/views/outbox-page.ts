import { html, type SafeHtml } from '@gw/platform';
import type { QuarantinedCommit } from '@gw/store';
import { csrfField, notice, renderPage, type Chrome } from '@gw/dashboard-shell';

export interface OutboxView {
  chrome: Chrome;
  quarantined: QuarantinedCommit[];
  message: string | null;
}

/** The operator's view of the outbox quarantine: what the relay set aside, why, and a way to retry. */
export function renderOutboxPage(view: OutboxView): string {
  const { quarantined, chrome } = view;
  return renderPage({
    title: 'Outbox',
    chrome,
    body: html`<h1>Outbox</h1>
      <p>
        Commits the outbox relay could not publish on <code>payments.events</code> are set aside here with the
        reason. Each holds back the later events of its own stream (its payment's webhooks and live updates);
        every other stream flows on. Fix the cause (a schema or registry change), then retry: the relay
        publishes the commit, or sets it aside again with the new reason.
      </p>
      ${notice(view.message)}
      ${
        quarantined.length === 0
          ? html`<p class="panel" id="quarantine-empty">
              No quarantined commits: every stream is published.
            </p>`
          : quarantineTable(chrome.csrfToken, quarantined)
      }`,
  });
}

function quarantineTable(csrfToken: string, quarantined: QuarantinedCommit[]): SafeHtml {
  return html`${notice(`${quarantined.length} quarantined commit(s) hold back their streams.`, 'warn')}
    <table id="quarantine">
      <caption>
        Quarantined commits, oldest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Stream</th>
          <th scope="col" class="num">Versions</th>
          <th scope="col">Events</th>
          <th scope="col">Reason</th>
          <th scope="col">Since (UTC)</th>
          <th scope="col"><span class="skip">Action</span></th>
        </tr>
      </thead>
      <tbody>
        ${quarantined.map(
          (commit) =>
            html`<tr>
              <td>${commit.streamId}</td>
              <td class="num">${commit.firstVersion}–${commit.lastVersion}</td>
              <td>${commit.eventTypes.join(', ')}</td>
              <td><code>${commit.reason}</code></td>
              <td>${commit.quarantinedAt.replace('T', ' ').slice(0, 19)}</td>
              <td>
                <form method="post" action="/dashboard/outbox/${encodeURIComponent(commit.commitId)}/retry">
                  ${csrfField(csrfToken)}
                  <button type="submit" class="secondary">Retry</button>
                </form>
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
    <form method="post" action="/dashboard/outbox/retry">
      ${csrfField(csrfToken)}
      <button type="submit">Retry every quarantined commit</button>
    </form>`;
}
