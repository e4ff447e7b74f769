import type { Service, ServiceContext } from '@gw/application';
import { createBetaRouter } from './router';

/**
 * Family B (OxaPay-compatible) under /beta/v1. Stateless: it authenticates, validates, sends commands
 * to payments and reads the read models, so it has nothing of its own to start or drain.
 */
export function createGatewayBetaService(ctx: ServiceContext): Service {
  return {
    name: 'gateway-beta',
    async start() {},
    async stop() {},
    router: createBetaRouter(ctx),
  };
}
