import { homedir, userInfo } from 'node:os';

/**
 * Every environment variable of the engines' test harness, read and written here and nowhere else.
 * The tests themselves only ever see KAFKA_BROKERS, MONGODB_URL, REDIS_URL and (local engines)
 * SCHEMA_REGISTRY_URL; the fault tests'
 * EngineControl also reads the provider and the container ids the global setup hands over.
 */

export const ENGINES_PROVIDERS = ['local', 'testcontainers'] as const;
export type EnginesProvider = (typeof ENGINES_PROVIDERS)[number];

/** The engines a fault test may restart. */
export type RestartableEngine = 'kafka' | 'redis';

export interface EngineUrls {
  kafkaBrokers: string;
  mongodbUrl: string;
  redisUrl: string;
  /** SCHEMA_REGISTRY_URL: the registry scripts/infra runs; the codec tests need it, the rest run without. */
  schemaRegistryUrl?: string;
}

/** Where a Docker engine may answer, from the variables testcontainers itself looks at. */
export interface DockerLocation {
  /** DOCKER_HOST, e.g. unix:///var/run/docker.sock or tcp://127.0.0.1:2375. */
  dockerHost: string | null;
  xdgRuntimeDir: string | null;
  home: string;
  uid: number;
}

export interface EnginesSettings {
  /** ENGINES_PROVIDER; null leaves the choice to auto-detection. */
  requestedProvider: EnginesProvider | null;
  /** KAFKA_BROKERS, MONGODB_URL and REDIS_URL when all three are set. */
  urls: EngineUrls | null;
  docker: DockerLocation;
}

/** What the global setup (parent process) passes to the test workers besides the URLs. */
export type EngineHandoff =
  | { provider: 'local' }
  | { provider: 'testcontainers'; containerIds: Record<RestartableEngine, string>; urls: EngineUrls };

type Env = Readonly<Record<string, string | undefined>>;

const URL_VARIABLES = {
  kafkaBrokers: 'KAFKA_BROKERS',
  mongodbUrl: 'MONGODB_URL',
  redisUrl: 'REDIS_URL',
} as const satisfies Record<Exclude<keyof EngineUrls, 'schemaRegistryUrl'>, string>;

const SCHEMA_REGISTRY_VARIABLE = 'SCHEMA_REGISTRY_URL';

const CONTAINER_ID_VARIABLES = {
  kafka: 'ENGINES_KAFKA_CONTAINER_ID',
  redis: 'ENGINES_REDIS_CONTAINER_ID',
} as const satisfies Record<RestartableEngine, string>;

export function readEnginesSettings(env: Env): EnginesSettings {
  return {
    requestedProvider: readProvider(env, null),
    urls: readUrls(env),
    docker: {
      dockerHost: nonEmpty(env.DOCKER_HOST),
      xdgRuntimeDir: nonEmpty(env.XDG_RUNTIME_DIR),
      home: homedir(),
      uid: userInfo().uid,
    },
  };
}

/** In a test worker: what the global setup handed over (see engineEnvironment). */
export function readEngineHandoff(env: Env): EngineHandoff {
  const provider = readProvider(env, 'local');
  if (provider === 'local') return { provider };
  const urls = readUrls(env);
  const kafka = nonEmpty(env[CONTAINER_ID_VARIABLES.kafka]);
  const redis = nonEmpty(env[CONTAINER_ID_VARIABLES.redis]);
  if (!urls || !kafka || !redis) {
    throw new Error(
      `ENGINES_PROVIDER=testcontainers, but the global setup's ${Object.values(CONTAINER_ID_VARIABLES).join(', ')} ` +
        `or the engine URLs are missing: run the tests through jest's int, processes or faults project`,
    );
  }
  return { provider, urls, containerIds: { kafka, redis } };
}

/** The variables the global setup exports for the tests and their workers. */
export function engineEnvironment(urls: EngineUrls, handoff: EngineHandoff): Record<string, string> {
  const exported: Record<string, string> = {
    [URL_VARIABLES.kafkaBrokers]: urls.kafkaBrokers,
    [URL_VARIABLES.mongodbUrl]: urls.mongodbUrl,
    [URL_VARIABLES.redisUrl]: urls.redisUrl,
    ENGINES_PROVIDER: handoff.provider,
  };
  if (urls.schemaRegistryUrl) exported[SCHEMA_REGISTRY_VARIABLE] = urls.schemaRegistryUrl;
  if (handoff.provider === 'testcontainers') {
    exported[CONTAINER_ID_VARIABLES.kafka] = handoff.containerIds.kafka;
    exported[CONTAINER_ID_VARIABLES.redis] = handoff.containerIds.redis;
  }
  return exported;
}

/** The URLs in `scripts/infra env` (or `up`) output: `export NAME='value'` lines. */
export function parseInfraEnv(output: string): EngineUrls {
  const exported: Record<string, string> = {};
  for (const line of output.split('\n')) {
    const match = /^export ([A-Z_]+)='([^']*)'$/.exec(line.trim());
    if (match) exported[match[1]!] = match[2]!;
  }
  const urls = readUrls(exported);
  if (!urls) throw new Error(`scripts/infra printed no engine URLs:\n${output}`);
  return urls;
}

function readProvider<Fallback extends EnginesProvider | null>(
  env: Env,
  fallback: Fallback,
): EnginesProvider | Fallback {
  const raw = nonEmpty(env.ENGINES_PROVIDER);
  if (raw === null) return fallback;
  if (!(ENGINES_PROVIDERS as readonly string[]).includes(raw)) {
    throw new Error(`ENGINES_PROVIDER must be one of ${ENGINES_PROVIDERS.join(', ')}, not "${raw}"`);
  }
  return raw as EnginesProvider;
}

/** All three URLs or none: half a set of engines is a mistake worth stopping for. */
function readUrls(env: Env): EngineUrls | null {
  const entries = Object.entries(URL_VARIABLES).map(([key, name]) => [key, nonEmpty(env[name])] as const);
  const missing = entries.filter(([, value]) => value === null);
  if (missing.length === entries.length) return null;
  if (missing.length > 0) {
    const names = missing.map(([key]) => URL_VARIABLES[key as keyof typeof URL_VARIABLES]);
    throw new Error(
      `${names.join(' and ')} unset: set all of ${Object.values(URL_VARIABLES).join(', ')} or none`,
    );
  }
  const urls = Object.fromEntries(entries) as unknown as EngineUrls;
  const schemaRegistryUrl = nonEmpty(env[SCHEMA_REGISTRY_VARIABLE]);
  return schemaRegistryUrl ? { ...urls, schemaRegistryUrl } : urls;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}
