import { Child } from './child-process';
import { enginePids, type EngineProcess } from './engine-processes';
import { BENCH_ADMIN_TOKEN, createMerchant, TargetUnavailableError, type System } from './system';
import type { CreatedMerchantView } from '../../services/admin/src';

export interface FleetSystemOptions {
  /** KAFKA_BROKERS, MONGODB_URL, REDIS_URL (and PATH, HOME) for the fleet. */
  env: Record<string, string>;
  /** Writes a CPU profile of this one service into `profileDir` when it stops. */
  profile?: { service: string; profileDir: string };
  readyTimeoutMs?: number;
}

interface FleetAnnouncement {
  fleet: { url: string; namespace: string; pids: Record<string, number> };
}

/**
 * The engines target: every service in its own process on Kafka, MongoDB and Redis, in a namespace of
 * its own (bench/children/engine-fleet.ts), reached through the path proxy as clients reach the Ingress.
 */
export class FleetSystem implements System {
  private constructor(
    private readonly child: Child,
    private readonly announced: FleetAnnouncement['fleet'],
    private readonly enginesByName: Record<string, EngineProcess>,
    readonly merchant: CreatedMerchantView,
    readonly startSeconds: number,
  ) {}

  get url(): string {
    return this.announced.url;
  }

  get namespace(): string {
    return this.announced.namespace;
  }

  get engines(): readonly string[] {
    return Object.keys(this.enginesByName);
  }

  processes(): Record<string, number> {
    const engines = Object.entries(this.enginesByName).map(([name, { pid }]) => [name, pid] as const);
    return { ...this.announced.pids, 'path proxy': this.child.pid, ...Object.fromEntries(engines) };
  }

  get sampledWithDescendants(): readonly string[] {
    return Object.keys(this.enginesByName).filter((name) => this.enginesByName[name]!.withDescendants);
  }

  static async start(options: FleetSystemOptions): Promise<FleetSystem> {
    const started = Date.now();
    const child = Child.start({
      name: 'fleet',
      script: 'bench/children/engine-fleet.ts',
      args: [
        '--admin-token',
        BENCH_ADMIN_TOKEN,
        ...(options.profile
          ? ['--profile', options.profile.service, '--profile-dir', options.profile.profileDir]
          : []),
      ],
      env: options.env,
    });
    try {
      const announced = await announcement(child, options.readyTimeoutMs ?? 5 * 60_000);
      const merchant = await createMerchant(announced.url);
      const engines = await enginePids(options.env);
      return new FleetSystem(child, announced, engines, merchant, (Date.now() - started) / 1000);
    } catch (error) {
      await child.stop(60_000);
      if (child.hasExited && error instanceof FleetExitedError)
        throw new TargetUnavailableError(error.message);
      throw error;
    }
  }

  async stop(): Promise<void> {
    // The fleet stops its services (each may write a CPU profile) and deletes its namespace.
    await this.child.stop(60_000);
  }
}

class FleetExitedError extends Error {}

async function announcement(child: Child, timeoutMs: number): Promise<FleetAnnouncement['fleet']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = child
      .printed()
      .split('\n')
      .slice(0, -1)
      .find((text) => text.startsWith('{"fleet"'));
    if (line) return (JSON.parse(line) as FleetAnnouncement).fleet;
    if (child.hasExited) throw new FleetExitedError(`the fleet exited while starting:\n${child.printed()}`);
    if (Date.now() > deadline) throw new Error(`the fleet was not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
