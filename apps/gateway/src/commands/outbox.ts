import type { QuarantinedCommitView, QuarantineListView, QuarantineRetryView } from '@gw/service-admin';
import type { AdminCommand } from './admin-command';

/** `gateway outbox list|retry|retry-all`, over /admin/v1/outbox/quarantine of a running gateway. */
export const OUTBOX_COMMANDS: Record<string, AdminCommand> = {
  list: {
    synopsis: 'outbox list',
    summary:
      'list the commits the outbox relay set aside because payments.events would refuse them (stream, versions, reason)',
    args: [],
    options: {},
    async run({ client, print }) {
      print(await client.request<QuarantineListView>('GET', '/outbox/quarantine'), describeQuarantine);
    },
  },
  retry: {
    synopsis: 'outbox retry <commit-id>',
    summary: 'put a quarantined commit back in the outbox (after a schema or registry fix)',
    args: ['commit-id'],
    options: {},
    async run({ client, args: [commitId = ''], print }) {
      const path = `/outbox/quarantine/${encodeURIComponent(commitId)}/retry`;
      print(await client.request<QuarantineRetryView>('POST', path, {}), describeRetry);
    },
  },
  'retry-all': {
    synopsis: 'outbox retry-all',
    summary: 'put every quarantined commit back in the outbox',
    args: [],
    options: {},
    async run({ client, print }) {
      print(await client.request<QuarantineRetryView>('POST', '/outbox/quarantine/retry', {}), describeRetry);
    },
  },
};

export function describeQuarantine(list: QuarantineListView): string {
  if (list.count === 0) return 'No quarantined commits: the outbox relay publishes every stream.\n';
  const rows = list.result.map(describeCommit);
  return `${rows.join('\n')}\n${list.count} quarantined commit(s); each holds back the later commits of its stream. Fix the cause, then: gateway outbox retry <commit-id>\n`;
}

const describeCommit = (c: QuarantinedCommitView): string =>
  [
    `${c.commit_id}`,
    `  stream   ${c.stream_id} versions ${c.first_version}-${c.last_version} (${c.event_types.join(', ')})`,
    `  since    ${c.quarantined_at}`,
    `  reason   ${c.reason}`,
  ].join('\n');

const describeRetry = (r: QuarantineRetryView): string =>
  r.retried === 0
    ? 'No quarantined commits to retry.\n'
    : `Put ${r.retried} commit(s) back in the outbox: ${r.commit_ids.join(', ')}\nOne that still cannot be published is set aside again (gateway outbox list).\n`;
