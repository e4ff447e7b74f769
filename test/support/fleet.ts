import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, loadConfig, systemClock, type ServiceName } from '@gw/platform';
import { deleteKafkaNamespace } from '@gw/bus/testing';
import { deleteKeysUnder } from '@gw/cache/testing';
import { dropMongoDatabase } from '@gw/store/testing';
import { buildContext, buildInfrastructure, SERVICE_FACTORIES, type RunningGateway } from '@gw/gateway';
import { assertGatewayBundleBuilt, GATEWAY_BUNDLE } from './gateway-bundle';
import { PathProxy } from './path-proxy';

const ROOT = path.resolve(__dirname, '..', '..');

/** A test process that dies (a timeout, a crash, jest forcing its exit) takes its services along. */
const LIVE_CHILDREN = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of LIVE_CHILDREN) child.kill('SIGKILL');
});

export type FleetService = Exclude<ServiceName, 'all'>;

export interface FleetOptions {
  env?: Record<string, string>;
  /** How long each service may take to answer its readiness probe. Default 150 s. */
  readyTimeoutMs?: number;
  /** Node flags for one service's process (`--cpu-prof` on the one being profiled). */
  nodeArgsOf?: (name: FleetService) => string[];
}

interface RunningService {
  name: FleetService;
  /**
   * The port the process itself reports having bound (it listens on port 0): known only once it
   * listens. A port chosen free beforehand could be taken by another process in between, whose
   * readiness probe would then answer for this service.
   */
  port: number | undefined;
  child: ChildProcess;
  exited: Promise<void>;
}

/** The line `gateway start` writes to standard error once its HTTP server listens. */
const LISTENING = /listening on http:\/\/[^\s:]+:(\d+)/;

/**
 * Every service of the gateway as its own OS process on the real engines (KAFKA_BROKERS, MONGODB_URL,
 * REDIS_URL from the environment), behind a path proxy standing in for the Ingress. Each fleet has its
 * own MongoDB database, Kafka topic prefix and Redis key prefix, so fleets never see each other's data.
 */
export class Fleet {
  private readonly services = new Map<FleetService, RunningService>();

  private constructor(
    readonly env: Record<string, string>,
    private readonly logDir: string,
    private readonly readyTimeoutMs: number,
    private readonly nodeArgsOf: (name: FleetService) => string[],
    private proxy?: PathProxy,
  ) {}

  static async start(options: FleetOptions = {}): Promise<Fleet> {
    const engines = requiredEngines();
    await assertGatewayBundleBuilt();
    const namespace = `fleet${randomBytes(4).toString('hex')}`;
    const logDir = await mkdtemp(path.join(tmpdir(), `gateway-${namespace}-`));
    const env: Record<string, string> = {
      ...engines,
      MONGODB_DB: namespace,
      KAFKA_TOPIC_PREFIX: `${namespace}.`,
      REDIS_KEY_PREFIX: `${namespace}:`,
      HOST: '127.0.0.1',
      DATA_DIR: logDir,
      ADMIN_TOKEN: `admin-${randomBytes(16).toString('hex')}`,
      MASTER_KEY: randomBytes(32).toString('hex'),
      SANDBOX_ENABLED: 'true',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      ...options.env,
    };
    const fleet = new Fleet(env, logDir, options.readyTimeoutMs ?? 150_000, options.nodeArgsOf ?? (() => []));
    try {
      fleet.proxy = await PathProxy.start((service) => fleet.services.get(service as FleetService)?.port);
      fleet.env.BASE_URL ??= fleet.proxy.url;
      // Payments and the projector first: the HTTP services' readiness does not depend on them, but
      // commands sent before payments has joined its group would wait for the join.
      for (const [name] of SERVICE_FACTORIES) await fleet.launch(name);
      await Promise.all(SERVICE_FACTORIES.map(([name]) => fleet.waitReady(name)));
    } catch (error) {
      await fleet.stop();
      throw error;
    }
    return fleet;
  }

  get url(): string {
    return this.proxy!.url;
  }

  pidOf(name: FleetService): number {
    return this.services.get(name)!.child.pid!;
  }

  /** SIGKILL: no shutdown hook runs, nothing is drained or committed. */
  async kill(name: FleetService): Promise<void> {
    const service = this.services.get(name);
    if (!service) return;
    service.child.kill('SIGKILL');
    await service.exited;
    this.services.delete(name);
  }

  /** Starts a service again (after `kill`) on a port of its own and waits until it is ready. */
  async restart(name: FleetService): Promise<void> {
    await this.kill(name);
    await this.launch(name);
    await this.waitReady(name);
  }

  /** A context on the same engines and namespace, for tests to create merchants and read the store. */
  async testGateway(): Promise<RunningGateway> {
    const config = loadConfig({ ...this.env, SERVICE: 'all', PORT: '0' });
    const logger = createLogger({ level: 'silent', service: 'test' });
    const infra = await buildInfrastructure(config, logger);
    const ctx = await buildContext(config, infra, logger, systemClock);
    return {
      url: this.url,
      config,
      ctx,
      services: [],
      stop: async () => {
        await ctx.commands.stop();
        await infra.close();
      },
    };
  }

  async stop(): Promise<void> {
    await Promise.all(
      [...this.services.values()].map(async (service) => {
        service.child.kill('SIGTERM');
        const forced = setTimeout(() => service.child.kill('SIGKILL'), 15_000);
        await service.exited;
        clearTimeout(forced);
      }),
    );
    this.services.clear();
    await this.proxy?.stop();
    await rm(this.logDir, { recursive: true, force: true });
    await this.dropNamespace();
  }

  /** Deletes what this fleet left on the shared engines: its database, topics, groups and keys. */
  private async dropNamespace(): Promise<void> {
    const outcomes = await Promise.allSettled([
      dropMongoDatabase(this.env.MONGODB_URL!, this.env.MONGODB_DB!),
      deleteKeysUnder(this.env.REDIS_URL!, this.env.REDIS_KEY_PREFIX!),
      deleteKafkaNamespace({ brokers: this.env.KAFKA_BROKERS!.split(',') }, this.env.KAFKA_TOPIC_PREFIX!),
    ]);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') process.stderr.write(`fleet cleanup: ${String(outcome.reason)}\n`);
  }

  /** The last lines a service wrote, for failure messages. */
  async logOf(name: FleetService, lines = 40): Promise<string> {
    const text = await readFile(path.join(this.logDir, `${name}.log`), 'utf8').catch(() => '');
    return text.split('\n').slice(-lines).join('\n');
  }

  private async launch(name: FleetService): Promise<void> {
    const log = createWriteStream(path.join(this.logDir, `${name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [...this.nodeArgsOf(name), GATEWAY_BUNDLE, 'start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...this.env,
        SERVICE: name,
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    LIVE_CHILDREN.add(child);
    void exited.then(() => LIVE_CHILDREN.delete(child));
    const service: RunningService = { name, port: undefined, child, exited };
    let said = '';
    const learnPort = (chunk: Buffer) => {
      said += chunk.toString('utf8');
      const port = LISTENING.exec(said)?.[1];
      if (port === undefined) return;
      service.port = Number(port);
      child.stderr!.off('data', learnPort);
    };
    child.stderr!.on('data', learnPort);
    this.services.set(name, service);
  }

  private async waitReady(name: FleetService): Promise<void> {
    const service = this.services.get(name)!;
    const deadline = Date.now() + this.readyTimeoutMs;
    let gone = false;
    void service.exited.then(() => (gone = true));
    while (Date.now() < deadline && !gone) {
      const ready =
        service.port !== undefined &&
        (await fetch(`http://127.0.0.1:${service.port}/health/ready`)
          .then((answer) => answer.ok)
          .catch(() => false));
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${name} did not become ready${gone ? ' (it exited)' : ''}:\n${await this.logOf(name)}`);
  }
}

function requiredEngines(): Record<string, string> {
  const names = ['KAFKA_BROKERS', 'MONGODB_URL', 'REDIS_URL'] as const;
  const missing = names.filter((name) => !process.env[name]);
  if (missing.length > 0) {
    throw new Error(
      `the multi-process tests need the real engines: ${missing.join(', ')} unset (eval "$(scripts/infra env)")`,
    );
  }
  return Object.fromEntries(names.map((name) => [name, process.env[name]!]));
}
