import type { Service, ServiceContext } from '@gw/application';
import { createAdminRouter } from './admin-router';

/** The operator API. Stateless: every write is a command to payments, every read a store lookup. */
export function createAdminService(ctx: ServiceContext): Service {
  return {
    name: 'admin',
    router: createAdminRouter(ctx),
    async start() {
      if (ctx.config.adminToken === null) ctx.logger.warn('admin API disabled: set ADMIN_TOKEN');
    },
    async stop() {},
  };
}
