import type { Service, ServiceContext } from '@gw/application';
import { createAlphaRouter } from './router';

/**
 * Family A (Cryptomus-compatible) under /alpha/v1. Stateless: it verifies signatures, validates, sends
 * commands to payments and reads the read models, so it has nothing of its own to start or drain.
 */
export function createGatewayAlphaService(ctx: ServiceContext): Service {
  return {
    name: 'gateway-alpha',
    async start() {},
    async stop() {},
    router: createAlphaRouter(ctx),
  };
}
