import type { ServiceName } from '@gw/platform';
import type { Service, ServiceContext } from '@gw/application';
import type { EventStore } from '@gw/store';
import { createAdminService } from '@gw/service-admin';
import { createChainService } from '@gw/service-chain';
import { createCheckoutService } from '@gw/service-checkout';
import { createDashboardService } from '@gw/service-dashboard';
import { createDocsService } from '@gw/service-docs';
import { createGatewayAlphaService } from '@gw/service-gateway-alpha';
import { createGatewayBetaService } from '@gw/service-gateway-beta';
import { createGatewayV1Service } from '@gw/service-gateway-v1';
import { createNotifierService } from '@gw/service-notifier';
import { createPaymentsService } from '@gw/service-payments';
import { createProjectorService } from '@gw/service-projector';
import { createRatesService } from '@gw/service-rates';
import { createSchedulerService } from '@gw/service-scheduler';
import { API_DOCUMENT_SOURCES } from './api-documents';

/**
 * What the composition root builds the services from: the context every service gets, plus the event
 * store, which only payments (the writer) takes from it; every other service reads the read models.
 * Tests acting beside the services read the store through it too.
 */
export type GatewayContext = ServiceContext & { eventStore: EventStore };

type ServiceFactory = (ctx: GatewayContext) => Service;

/**
 * Every deployable service, in start order: the projector and payments first, so that by the time an
 * HTTP service answers, commands are handled and read models follow. The notifier's and admin's
 * routers come before the family gateways, whose routers end in catch-alls of their own prefixes.
 */
export const SERVICE_FACTORIES: [Exclude<ServiceName, 'all'>, ServiceFactory][] = [
  ['projector', createProjectorService],
  ['payments', createPaymentsService],
  ['chain', createChainService],
  ['scheduler', createSchedulerService],
  ['rates', createRatesService],
  ['notifier', createNotifierService],
  ['admin', createAdminService],
  ['gateway-v1', createGatewayV1Service],
  ['gateway-alpha', createGatewayAlphaService],
  ['gateway-beta', createGatewayBetaService],
  ['checkout', createCheckoutService],
  ['docs', (ctx) => createDocsService(ctx, API_DOCUMENT_SOURCES)],
  ['dashboard', createDashboardService],
];

/**
 * Services that send commands to payments (and so await replies). The others (projector, payments
 * itself, rates, notifier, docs) do not join the replies topic when they run alone: each process that
 * joins it consumes and commits every reply of the whole system.
 */
export const COMMAND_SENDERS: ReadonlySet<ServiceName> = new Set<ServiceName>([
  'admin',
  'chain',
  'checkout',
  'dashboard',
  'gateway-v1',
  'gateway-alpha',
  'gateway-beta',
  'scheduler',
]);
