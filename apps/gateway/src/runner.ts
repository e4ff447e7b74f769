import { busMetrics } from '@gw/bus';
import { CuratedPriceFeed } from '@gw/pricing';
import { RandomKeyAddressAllocator, WorkerAddressAllocator, type AddressAllocator } from '@gw/chain';
import {
  createHttpServer,
  createLogger,
  resolveMasterKey,
  startTracing,
  type SpanProcessor,
  SecretBox,
  systemClock,
  RateLimitRefusals,
  type Clock,
  type GatewayConfig,
  type HttpServer,
} from '@gw/platform';
import { CachedRatesSource, CommandClient, MerchantPayAddresses, type Service } from '@gw/application';
import { payAddressChains } from '@gw/service-chain';
import { Projector } from '@gw/service-projector';
import type { Logger } from 'pino';
import { createHttpApp } from './http-app';
import { localUrlOf } from './instance-file';
import { buildInfrastructure, type Infrastructure } from './infrastructure';
import { backfillHistory } from './history-backfill';
import { describeRebuildProgress, RebuildProgress } from './rebuild-progress';
import { COMMAND_SENDERS, SERVICE_FACTORIES, type GatewayContext } from './service-registry';

export interface RunOptions {
  clock?: Clock;
  logger?: Logger;
  /** Where spans go instead of the configured OTLP endpoint (tests: an in-memory exporter). */
  spanProcessors?: SpanProcessor[];
}

export interface RunningGateway {
  readonly url: string;
  readonly config: GatewayConfig;
  readonly ctx: GatewayContext;
  readonly services: readonly Service[];
  stop(): Promise<void>;
}

/**
 * Starts the services the configuration names (`SERVICE=all` runs every one in this process) behind
 * one HTTP port, and returns a handle that stops them in reverse order.
 */
export async function startGateway(config: GatewayConfig, options: RunOptions = {}): Promise<RunningGateway> {
  // Each service's lines carry its own name once: pino repeats a key a child binds again, so the
  // services' loggers are children of a root that names no service.
  const root = options.logger ?? createLogger({ level: config.logLevel });
  const logger = root.child({ service: config.service });
  const clock = options.clock ?? systemClock;
  // First: the MongoDB and Redis clients the infrastructure makes trace their commands only when
  // tracing is on as they are made. Every failure below uninstalls it again.
  const tracing = startTracing(`cryptogate-${config.service}`, config.tracing, options.spanProcessors);
  let infra: Infrastructure;
  try {
    infra = await buildInfrastructure(config, logger);
  } catch (error) {
    await tracing?.shutdown();
    throw error;
  }
  // Generates pay addresses on a worker thread, started at the first allocation.
  const addresses = new WorkerAddressAllocator({
    onWorkerExit: (error) =>
      logger.error({ err: error }, 'address worker stopped; the next refill starts another'),
  });
  const selected = SERVICE_FACTORIES.filter(([name]) => config.service === 'all' || config.service === name);
  let ctx: GatewayContext;
  try {
    ctx = await buildContext(config, infra, logger, clock, addresses);
    if (infra.readModelsAreEphemeral && selected.some(([name]) => name === 'projector'))
      await rebuildReadModels(infra, logger, clock);
    else if (selected.some(([name]) => name === 'projector')) {
      const backfilled = await backfillHistory(infra.eventStore, infra.readModels);
      if (backfilled > 0)
        logger.info({ events: backfilled }, 'history read model filled from the event store');
    }
  } catch (error) {
    // A start that fails this early (a pending key rotation, a store that does not replay) still
    // closes what it opened, the DATA_DIR lock first among them: this process lives on.
    await infra.close();
    await addresses.close();
    await tracing?.shutdown();
    throw error;
  }

  const services: Service[] = [];
  let http: HttpServer | undefined;
  const stop = async () => {
    for (const service of services) service.endStreams?.();
    await http?.stop();
    for (const service of [...services].reverse()) {
      await service
        .stop()
        .catch((error) =>
          root.child({ service: service.name }).error({ err: error }, 'service failed to stop'),
        );
    }
    await ctx.commands.stop();
    await infra.close();
    await addresses.close();
    await tracing?.shutdown();
  };

  try {
    for (const [name, create] of selected) {
      const service = create({ ...ctx, logger: root.child({ service: name }) });
      await service.start();
      services.push(service);
    }
    // The rates service (this process's, or another's) has published by now: answer with those prices.
    await ctx.rates.refresh();
    const { app } = createHttpApp({
      serviceName: config.service,
      logger,
      routers: services.flatMap((s) => (s.router ? [{ service: s.name, router: s.router }] : [])),
      readinessChecks: Object.assign({}, ...services.map((s) => s.readinessChecks ?? {})),
      serviceRegistries: [
        busMetrics(infra.bus),
        ctx.rateLimitRefusals.registry,
        ...services.flatMap((s) => (s.metrics ? [s.metrics] : [])),
      ],
      trustProxy: config.http.trustProxy,
    });
    http = createHttpServer(app, {
      logger,
      headersTimeoutMs: config.http.headersTimeoutMs,
      requestTimeoutMs: config.http.requestTimeoutMs,
    });
    await http.start(config.port, config.host);
    await infra.dataDirLock?.noteUrl(localUrlOf(http.url()));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: http.url(), config, ctx, services, stop };
}

/**
 * The context services are built from; tests on a fleet of processes build one to act beside them,
 * with addresses generated in place rather than on a worker thread that would need closing.
 */
export async function buildContext(
  config: GatewayConfig,
  infra: Infrastructure,
  logger: Logger,
  clock: Clock,
  addresses: AddressAllocator = new RandomKeyAddressAllocator(),
): Promise<GatewayContext> {
  const secrets = new SecretBox(await resolveMasterKey(config));
  const commands = new CommandClient(infra.bus, config.requestTimeoutMs, () => clock.now());
  if (config.service === 'all' || COMMAND_SENDERS.has(config.service)) await commands.start();
  const rates = new CachedRatesSource(
    infra.cache,
    await new CuratedPriceFeed().snapshot(),
    config.prices.refreshIntervalMs,
  );
  await rates.refresh();
  return {
    config,
    logger,
    clock,
    bus: infra.bus,
    eventStore: infra.eventStore,
    readModels: infra.readModels,
    history: infra.history,
    outbox: infra.eventStore,
    cache: infra.cache,
    idempotencyRecords: infra.idempotencyRecords,
    secrets,
    commands,
    rates,
    rateLimitRefusals: new RateLimitRefusals(),
    addresses: new MerchantPayAddresses({
      readModels: infra.readModels,
      commands,
      config,
      sandbox: addresses,
      chains: payAddressChains(config),
    }),
  };
}

async function rebuildReadModels(infra: Infrastructure, logger: Logger, clock: Clock): Promise<void> {
  const total = await infra.eventStore.countEvents();
  const startedAt = clock.now().getTime();
  const progress = new RebuildProgress(
    total,
    (report) => logger.info(report, `rebuilding the read models: ${describeRebuildProgress(report)}`),
    () => clock.now().getTime(),
  );
  const replayed = await new Projector(infra.readModels, infra.history).rebuild(
    infra.eventStore.readAll(),
    progress.onApplied,
    (event, error) =>
      logger.warn(
        { streamId: event.streamId, version: event.version, reason: error.message },
        'left an event its contract refuses out of the read models, with the rest of its stream',
      ),
  );
  logger.info(
    { events: replayed, durationMs: clock.now().getTime() - startedAt },
    'read models rebuilt from the event store',
  );
}
