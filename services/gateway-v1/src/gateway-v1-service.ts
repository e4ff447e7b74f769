import type { Service, ServiceContext } from '@gw/application';
import { createV1Router } from './router';

/**
 * Family V1 (NOWPayments-compatible) under /v1. Stateless: it authenticates, validates, sends commands
 * to payments and reads the read models, so it has nothing of its own to start or drain.
 */
export function createGatewayV1Service(ctx: ServiceContext): Service {
  return {
    name: 'gateway-v1',
    async start() {},
    async stop() {},
    router: createV1Router(ctx),
  };
}
