import type { Service, ServiceContext } from '@gw/runtime';
import { createDashboardRouter } from './dashboard-router';

/**
 * The merchant dashboard under /dashboard. Stateless like the checkout: sessions live in the cache port
 * (Redis on the real engines), pages read the read models and the event store, and changes are commands
 * to payments, so any number of instances serve side by side.
 */
export function createDashboardService(ctx: ServiceContext): Service {
  return {
    name: 'dashboard',
    async start() {},
    async stop() {},
    router: createDashboardRouter(ctx),
  };
}
