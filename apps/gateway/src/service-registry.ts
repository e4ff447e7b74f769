import type { ServiceName } from '@gw/platform';
import type { Service, ServiceContext } from '@gw/runtime';
import { createAdminService } from '@gw/service-admin';
import { createCheckoutService } from '@gw/service-checkout';
import { createGatewayAlphaService } from '@gw/service-gateway-alpha';
import { createGatewayBetaService } from '@gw/service-gateway-beta';
import { createNotifierService } from '@gw/service-notifier';
import { createPaymentsService } from '@gw/service-payments';
import { createProjectorService } from '@gw/service-projector';

type ServiceFactory = (ctx: ServiceContext) => Service;

/**
 * Every deployable service, in start order: the projector and payments first, so that by the time an
 * HTTP service answers, commands are handled and read models follow.
 */
export const SERVICE_FACTORIES: [Exclude<ServiceName, 'all'>, ServiceFactory][] = [
  ['projector', createProjectorService],
  ['payments', createPaymentsService],
  ['notifier', createNotifierService],
  ['admin', createAdminService],
  ['gateway-alpha', createGatewayAlphaService],
  ['gateway-beta', createGatewayBetaService],
  ['checkout', createCheckoutService],
];
