import { asyncRoute } from '@gw/platform';
import type { ServiceContext } from '@gw/application';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { renderOutboxPage } from '../views/outbox-page';
import { renderMessagePage, signedInOf } from '@gw/dashboard-shell';

/**
 * The operator's Outbox page: the commits the relay quarantined (the admin API's and `gateway outbox`'s
 * list) and their retry. Merchants never see it: the quarantine spans every merchant.
 */
export function outboxRoutes(ctx: ServiceContext): Router {
  const router = Router();

  async function send(res: Response, message: string | null) {
    const quarantined = await ctx.outbox.quarantinedCommits();
    res
      .type('html')
      .send(renderOutboxPage({ chrome: signedInOf(res).chrome('outbox'), quarantined, message }));
  }

  router.get(
    '/dashboard/outbox',
    operatorOnly,
    asyncRoute(async (_req, res) => send(res, null)),
  );

  router.post(
    '/dashboard/outbox/retry',
    operatorOnly,
    asyncRoute(async (req, res) => {
      const released = await ctx.outbox.releaseQuarantine();
      req.log.warn(
        { commitIds: released.map((c) => c.commitId) },
        'quarantined commits retried from the dashboard',
      );
      await send(res, `${released.length} commit(s) put back in the outbox.`);
    }),
  );

  router.post(
    '/dashboard/outbox/:commitId/retry',
    operatorOnly,
    asyncRoute(async (req: Request<{ commitId: string }>, res) => {
      const released = await ctx.outbox.releaseQuarantine([req.params.commitId]);
      req.log.warn(
        { commitIds: released.map((c) => c.commitId) },
        'quarantined commit retried from the dashboard',
      );
      await send(
        res,
        released.length === 0
          ? 'That commit is no longer quarantined.'
          : `Commit of ${released[0]!.streamId} put back in the outbox.`,
      );
    }),
  );

  return router;
}

const operatorOnly: RequestHandler = (_req, res, next) => {
  if (signedInOf(res).session.principal.kind === 'admin') return next();
  res.status(403).type('html').send(renderMessagePage('Not allowed', 'Only the operator sees the outbox.'));
};
