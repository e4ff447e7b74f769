import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Router } from 'express';
import type { Subscription } from '@gw/bus';
import { eventMessageOf, TOPICS } from '@gw/contracts';
import type { GatewayConfig } from '@gw/platform';
import { MerchantDirectory, type Service, type ServiceContext } from '@gw/application';
import { COLLECTIONS, type PaymentDocument, type StaticAddressDocument } from '@gw/views';
import type { Delivery, RedeliveryOrigin } from './delivery/delivery';
import { Dispatcher, type DispatcherLimits } from './delivery/dispatcher';
import { WebhookMetrics } from './delivery/webhook-metrics';
import { retryPolicy } from './delivery/retry-policy';
import type { Resolver } from './http/destination';
import { WebhookClient } from './http/webhook-client';
import { catchUp, startingCheckpoint } from './intake/catch-up';
import { StatusIntake } from './intake/status-intake';
import type { DeliveryLog } from './log/delivery-log';
import { JsonlDeliveryLog } from './log/jsonl-delivery-log';
import { MongoDeliveryLog } from './log/mongo-delivery-log';
import { catalogueFacts } from './payloads/catalogue-facts';
import { adminWebhookRoutes } from './routes/admin-routes';
import { alphaWebhookRoutes } from './routes/alpha-routes';
import { betaWebhookTestRoutes } from './routes/beta-routes';
import { dashboardWebhookPages } from './routes/dashboard-webhook-pages';
import { v1IpnTestRoutes } from './routes/v1-routes';

export interface NotifierOptions {
  /**
   * Multiplies every retry wait (1 in production; tests and demos use small values). Meant to be
   * surfaced by the platform config as WEBHOOK_RETRY_SCALE.
   */
  retryScale?: number;
  limits?: Partial<DispatcherLimits>;
  /** Defaults to the JSONL log under DATA_DIR (embedded) or MongoDB (engines). */
  deliveryLog?: DeliveryLog;
  resolver?: Resolver;
  random?: () => number;
  instanceId?: string;
  onSettled?: (delivery: Delivery) => void;
}

export interface NotifierService extends Service {
  readonly log: DeliveryLog;
  /** Sends a delivered or dead webhook again, with a fresh retry schedule. */
  redeliver(deliveryId: string, origin: RedeliveryOrigin): Promise<Delivery>;
}

export const DEFAULT_LIMITS: DispatcherLimits = {
  maxInFlight: 64,
  maxInFlightPerHost: 8,
  maxSleepMs: 1_000,
  syncIntervalMs: 5_000,
};

/**
 * Consumes `payments.events` (group `notifier`) and delivers each status change to the merchant's URL
 * in its family's format. Start: open the delivery log, start dispatching (pending retries resume from
 * the log), catch up on status changes the bus may have lost, then subscribe. Stop drains in-flight attempts.
 */
export function createNotifierService(ctx: ServiceContext, options: NotifierOptions = {}): NotifierService {
  const logger = ctx.logger.child({ component: 'notifier' });
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const log = options.deliveryLog ?? defaultDeliveryLog(ctx.config);
  const client = new WebhookClient({
    timeoutMs: ctx.config.webhooks.timeoutMs,
    allowedHosts: ctx.config.webhooks.allowedHosts,
    socketsPerHost: limits.maxInFlightPerHost,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  const facts = catalogueFacts(ctx.rates);
  const directory = new MerchantDirectory(ctx.readModels, ctx.secrets);
  const intake = new StatusIntake({
    streams: ctx.history,
    merchants: directory,
    log,
    facts,
    clock: ctx.clock,
  });
  const metrics = new WebhookMetrics();
  const dispatcher = new Dispatcher({
    log,
    post: (request) => client.post(request),
    clock: ctx.clock,
    cache: ctx.cache,
    logger,
    policy: retryPolicy(options.retryScale ?? 1),
    random: options.random ?? Math.random,
    limits,
    instanceId: options.instanceId ?? randomUUID(),
    onAttempt: (delivery, result, step) => metrics.onAttempt(delivery, result, step),
    ...(options.onSettled ? { onSettled: options.onSettled } : {}),
  });
  let subscription: Subscription | undefined;

  async function redeliver(deliveryId: string, origin: RedeliveryOrigin): Promise<Delivery> {
    const delivery = await log.append({
      type: 'RedeliveryRequested',
      deliveryId,
      at: ctx.clock.now().toISOString(),
      origin,
    });
    dispatcher.enqueue(delivery);
    return delivery;
  }

  const send = (request: Parameters<WebhookClient['post']>[0]) => client.post(request);
  const common = {
    directory,
    clock: ctx.clock,
    facts,
    send,
    logger,
    bodyLimitBytes: ctx.config.bodyLimitBytes,
  };
  const router = Router();
  router.use(
    adminWebhookRoutes({
      adminToken: ctx.config.adminToken,
      log,
      redeliver: (id) => redeliver(id, 'admin'),
      logger,
      bodyLimitBytes: ctx.config.bodyLimitBytes,
    }),
  );
  router.use(dashboardWebhookPages(ctx, { log, redeliver }));
  router.use(v1IpnTestRoutes(common));
  router.use(betaWebhookTestRoutes(common));
  router.use(
    alphaWebhookRoutes({
      ...common,
      payments: ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments),
      staticAddresses: ctx.readModels.collection<StaticAddressDocument>(COLLECTIONS.staticAddresses),
      log,
      redeliver,
    }),
  );

  return {
    name: 'notifier',
    router,
    metrics: metrics.registry,
    log,
    redeliver,
    async start() {
      await log.open();
      await dispatcher.start();
      // Only the embedded bus forgets: it keeps no message across a restart. Kafka keeps the group's
      // committed offsets, and the bus commits a message's offset only once its handler returned, which
      // here is after the delivery log made the delivery durable (`intake.onEvent` awaits its append).
      // So on the engines the group resumes after the last delivery it scheduled, and a catch-up would
      // only read the history again for deliveries that already exist.
      if (ctx.config.mode === 'embedded') {
        const caughtUp = await catchUp({
          history: ctx.history,
          log,
          intake,
          clock: ctx.clock,
          logger,
          onDelivery: (delivery) => dispatcher.enqueue(delivery),
        });
        if (caughtUp.examined > 0) logger.info(caughtUp, 'notifier caught up with the history read model');
      } else {
        intake.since = (await startingCheckpoint(log, ctx.clock)).checkpoint.since;
      }
      subscription = await ctx.bus.subscribe(
        { topics: [TOPICS.events], groupId: 'notifier', fromBeginning: ctx.config.mode === 'embedded' },
        async (message) => {
          const delivery = await intake.onEvent(eventMessageOf(message.value));
          if (delivery) dispatcher.enqueue(delivery);
        },
      );
    },
    async stop() {
      const stopping = subscription;
      subscription = undefined;
      await stopping?.stop();
      await dispatcher.stop();
      client.close();
      await log.close();
    },
    readinessChecks: {
      deliveryLog: async () => {
        await log.checkpoint();
      },
    },
  };
}

function defaultDeliveryLog(config: GatewayConfig): DeliveryLog {
  if (config.mode === 'engines')
    return new MongoDeliveryLog({ url: config.engines.mongodbUrl, dbName: config.engines.mongodbDb });
  return new JsonlDeliveryLog(join(config.dataDir, 'webhooks'));
}
