import { Router } from 'express';
import { asyncRoute } from '@gw/platform';
import type { ServiceContext } from '@gw/application';
import type { QuarantinedCommit } from '@gw/store';
import { notFound } from './admin-errors';
import type { QuarantinedCommitView, QuarantineListView, QuarantineRetryView } from './admin-views';

/**
 * The outbox's quarantine: commits the relay could not publish, each holding back the later commits of
 * its stream. Retrying puts them back in the outbox (after a schema or registry fix); a commit that still
 * cannot be published is set aside again with its new reason at the relay's next pass.
 */
export function outboxRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    '/outbox/quarantine',
    asyncRoute(async (_req, res) => {
      const quarantined = await ctx.outbox.quarantinedCommits();
      const list: QuarantineListView = { count: quarantined.length, result: quarantined.map(viewOf) };
      res.json(list);
    }),
  );

  router.post(
    '/outbox/quarantine/retry',
    asyncRoute(async (req, res) => {
      const released = await ctx.outbox.releaseQuarantine();
      if (released.length > 0) req.log.warn({ commitIds: ids(released) }, 'quarantined commits retried');
      res.json(retried(released));
    }),
  );

  router.post(
    '/outbox/quarantine/:commitId/retry',
    asyncRoute(async (req, res) => {
      const commitId = String(req.params.commitId);
      const released = await ctx.outbox.releaseQuarantine([commitId]);
      if (released.length === 0) throw notFound('quarantined commit');
      req.log.warn({ commitIds: ids(released) }, 'quarantined commit retried');
      res.json(retried(released));
    }),
  );

  return router;
}

const ids = (commits: QuarantinedCommit[]) => commits.map((commit) => commit.commitId);

const retried = (released: QuarantinedCommit[]): QuarantineRetryView => ({
  retried: released.length,
  commit_ids: ids(released),
});

const viewOf = (commit: QuarantinedCommit): QuarantinedCommitView => ({
  commit_id: commit.commitId,
  stream_id: commit.streamId,
  first_version: commit.firstVersion,
  last_version: commit.lastVersion,
  event_types: commit.eventTypes,
  reason: commit.reason,
  quarantined_at: commit.quarantinedAt,
});
