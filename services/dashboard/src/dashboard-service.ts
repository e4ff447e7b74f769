import { randomUUID } from 'node:crypto';
import type { Subscription } from '@gw/bus';
import { eventMessageOf, TOPICS } from '@gw/contracts';
import type { Service, ServiceContext } from '@gw/application';
import { createDashboardRouter } from './dashboard-router';
import { LiveHub } from './live/live-hub';
import { livePaymentEventOf } from './live/live-event';
import { PaymentSnapshots } from './live/payment-snapshots';
import { DashboardSessions } from '@gw/dashboard-shell';

/**
 * The merchant dashboard under /dashboard. Stateless like the checkout: sessions live in the cache port
 * (Redis on the real engines), pages read the read models (a payment's events too: the history read
 * model), and changes are commands
 * to payments, so any number of instances serve side by side.
 *
 * Live updates: each instance follows `payments.events` in a consumer group of its own
 * (`dashboard.live.<instance>`, from the newest message, never dead-lettering), since every instance
 * must see every event to reach the pages open on it; the group shares no work, like the replies
 * topic's per-instance groups.
 */
export function createDashboardService(ctx: ServiceContext): Service {
  const instance = randomUUID();
  const sessions = new DashboardSessions(ctx.cache, ctx.clock, 1);
  const logger = ctx.logger.child({ component: 'dashboard-live' });
  const live = new LiveHub({
    epoch: instance.slice(0, 8),
    snapshots: new PaymentSnapshots(ctx.history),
    logger,
    isCurrent: async (sessionId, merchantId) => (await sessions.find(sessionId))?.merchantId === merchantId,
  });
  let subscription: Subscription | undefined;
  return {
    name: 'dashboard',
    async start() {
      live.start();
      subscription = await ctx.bus.subscribe(
        {
          topics: [TOPICS.events],
          groupId: `dashboard.live.${instance}`,
          fromBeginning: false,
          maxAttempts: 1,
        },
        async (message) => {
          const event = livePaymentEventOf(eventMessageOf(message.value));
          if (event) live.publish(event);
        },
      );
    },
    endStreams() {
      live.close();
    },
    async stop() {
      live.close();
      const stopping = subscription;
      subscription = undefined;
      await stopping?.stop();
      await live.settled();
    },
    router: createDashboardRouter(ctx, live),
  };
}
