import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freeLoopbackPort,
  loadConfig,
  type Clock,
  type Logger,
  type PriceSourceName,
  type SpanProcessor,
} from '@gw/platform';
import { createMerchant, type MerchantKeys } from '@gw/application';
import { PRICE_SOURCE_URL_VARIABLES, startStandInFor } from '@gw/service-rates/testing';
import { startGateway, type RunningGateway } from '@gw/gateway';
import { Fleet } from './fleet';

export interface TestGatewayOptions {
  /** Extra environment for the gateway's configuration. */
  env?: Record<string, string>;
  /** Reuse a data directory (restart tests); a fresh temporary one otherwise, removed on stop. */
  dataDir?: string;
  clock?: Clock;
  /** Where the gateway logs; by default a logger at the configured LOG_LEVEL (silent unless set). */
  logger?: Logger;
  /** Where the embedded gateway's spans go (an in-memory exporter); tracing is off without them. */
  spanProcessors?: SpanProcessor[];
}

export interface TestGateway {
  baseUrl: string;
  dataDir: string;
  adminToken: string;
  /** A merchant created for this run. */
  demoMerchant: MerchantKeys;
  createMerchant(name?: string): Promise<MerchantKeys>;
  gateway: RunningGateway;
  stop(): Promise<void>;
}

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/**
 * The whole system in this process, embedded adapters, on a free loopback port; or, when
 * GATEWAY_TEST_TOPOLOGY=processes, every service as its own OS process on the real engines.
 */
export async function startTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const prices = await livePricesFor(options.env ?? {});
  try {
    const gateway = await startTestGatewayOn({ ...options, env: { ...options.env, ...prices?.env } });
    if (!prices) return gateway;
    return {
      ...gateway,
      async stop() {
        await gateway.stop();
        await prices.stop();
      },
    };
  } catch (error) {
    await prices?.stop();
    throw error;
  }
}

/**
 * Where real money is taken (a node on mainnet) prices come from the live sources, and there is no
 * internet here: each configured source whose URL the test does not set gets a local stand-in
 * serving the catalogue prices, always current.
 */
async function livePricesFor(
  env: Record<string, string>,
): Promise<{ stop(): Promise<void>; env: Record<string, string> } | null> {
  const unset = liveSourcesOf(env).filter((source) => env[PRICE_SOURCE_URL_VARIABLES[source]] === undefined);
  if (unset.length === 0) return null;
  const started = await Promise.all(unset.map(startStandInFor));
  return {
    stop: async () => {
      await Promise.all(started.map(({ standIn }) => standIn.stop()));
    },
    env: Object.fromEntries(
      unset.map((source, index) => [PRICE_SOURCE_URL_VARIABLES[source], started[index]!.baseUrl]),
    ),
  };
}

/** A configuration error is the gateway's own start to report. */
function liveSourcesOf(env: Record<string, string>): readonly PriceSourceName[] {
  try {
    const { prices } = loadConfig(env);
    return prices.feed === 'curated' ? [] : prices.sources;
  } catch {
    return [];
  }
}

async function startTestGatewayOn(options: TestGatewayOptions): Promise<TestGateway> {
  if (process.env.GATEWAY_TEST_TOPOLOGY === 'processes') return startFleetGateway(options);
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'gateway-test-')));
  const port = await freeLoopbackPort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    ...options.env,
  });
  const gateway = await startGateway(config, {
    clock: options.clock,
    logger: options.logger,
    spanProcessors: options.spanProcessors,
  });
  return handleOver(gateway, gateway.url, dataDir, async () => {
    await gateway.stop();
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  });
}

/** What tests hold, whichever topology runs: the URL, a first merchant, and how to make more. */
async function handleOver(
  gateway: RunningGateway,
  baseUrl: string,
  dataDir: string,
  stop: () => Promise<void>,
): Promise<TestGateway> {
  const newMerchant = (name = 'Test merchant') => createMerchant(gateway.ctx, { name });
  return {
    baseUrl,
    dataDir,
    adminToken: TEST_ADMIN_TOKEN,
    demoMerchant: await newMerchant(),
    createMerchant: newMerchant,
    gateway,
    stop,
  };
}

/** The same handle over a fleet of service processes; the test acts through a context of its own. */
async function startFleetGateway(options: TestGatewayOptions): Promise<TestGateway> {
  if (options.clock || options.dataDir || options.spanProcessors) {
    throw new Error(
      'a fleet of processes runs on the system clock and the real engines: no manual clock, no data dir, no in-process spans',
    );
  }
  const fleet = await Fleet.start({ env: { ADMIN_TOKEN: TEST_ADMIN_TOKEN, ...options.env } });
  try {
    const gateway = await fleet.testGateway();
    return await handleOver(gateway, fleet.url, fleet.env.DATA_DIR!, async () => {
      await gateway.stop();
      await fleet.stop();
    });
  } catch (error) {
    await fleet.stop();
    throw error;
  }
}
