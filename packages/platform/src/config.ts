import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deepFreeze } from './deep-freeze';
import {
  LOG_LEVELS,
  type LogLevel,
  SERVICE_NAMES,
  type ServiceName,
  PRICE_FEEDS,
  PRICE_SOURCE_NAMES,
  type PriceSourceName,
  type PriceFeedName,
  SECRET_VARIABLE_NAMES,
} from './config-docs';
import {
  CHAIN_FAMILIES,
  chainFamilyOf,
  WATCHED_NETWORKS,
  type WatchedNetwork,
  type ChainKind,
  type UtxoWatchedNetwork,
} from './chain-families';
import {
  parseBaseUrl,
  parseBoolean,
  parseBrokers,
  parseByteSize,
  parseHostList,
  parseInteger,
  parseMasterKey,
  parseList,
  parseOneOf,
  parseTrustProxy,
  parseUrl,
} from './config-values';
import {
  readKafkaSecurity,
  readKafkaTopics,
  type KafkaSecurityConfig,
  type KafkaTopicsConfig,
} from './config-kafka';
import { readTracing, type TracingConfig } from './config-tracing';

export type { TracingConfig } from './config-tracing';

export type EnvSource = Readonly<Record<string, string | undefined>>;

export interface EngineConfig {
  kafkaBrokers: readonly string[];
  kafkaClientId: string;
  /** Prepended to every topic and consumer group: several deployments (or test runs) share one cluster. */
  kafkaTopicPrefix: string;
  /** TLS and SASL to the brokers, shared by every Kafka client of the process. */
  kafkaSecurity: Readonly<KafkaSecurityConfig>;
  /** Whether and how the gateway's topics are created. */
  kafkaTopics: Readonly<KafkaTopicsConfig>;
  schemaRegistryUrl: string | null;
  /** How long one schema registry request may go unanswered. */
  schemaRegistryTimeoutMs: number;
  mongodbUrl: string;
  mongodbDb: string;
  redisUrl: string;
  redisKeyPrefix: string;
}

/**
 * A chain node a watcher reads: Bitcoin Core style JSON-RPC (btcd, litecoind, bitcoind), or an EVM
 * node's Ethereum JSON-RPC.
 */
export interface ChainNodeConfig {
  /** The network code of the currency catalogue the node serves (`btc`, `ltc`, `eth`, `bsc`, `matic`). */
  network: WatchedNetwork;
  rpcUrl: string;
  rpcUser: string | null;
  rpcPassword: string | null;
  /** Confirmations a deposit needs; null keeps the network's catalogue default (btc 2, ltc 6, eth 12…). */
  confirmations: number | null;
  /** The catalogue coins the watcher follows: the native coin, and on EVM networks the configured tokens. */
  coins: readonly string[];
  /** EVM networks only: the chain the node must follow and the tokens watched. */
  evm: Readonly<EvmNodeConfig> | null;
  /** Tron only: the chain the node must follow, the tokens watched and how the provider is asked. */
  tron?: Readonly<TronNodeConfig>;
}

export interface TronNodeConfig {
  /** What eth_chainId must answer (mainnet 728126428). */
  chainId: number;
  nativeCoin: string;
  /** Token contracts by catalogue coin code, as base58 `T…` (usdttrc20 → TR7NH…). */
  tokens: Readonly<Record<string, string>>;
  /** Sent as the TRON-PRO-API-KEY header; null: none. */
  apiKey: string | null;
  /** Requests a second the watcher sends at most. */
  requestsPerSecond: number;
  /** The node's HTTP API (java-tron /wallet/…), where a TRX transfer is told from other contracts. */
  httpUrl: string;
}

export interface EvmNodeConfig {
  /** What eth_chainId must answer. */
  chainId: number;
  /** The native coin's catalogue code (eth, bnbbsc, maticmainnet). */
  nativeCoin: string;
  /** Token contracts by catalogue coin code (usdterc20 → 0xdAC1…). */
  tokens: Readonly<Record<string, string>>;
}

export interface ChainWatchersConfig {
  /** One entry per network whose node URL is set: exactly the networks that take real payments. */
  nodes: Readonly<Partial<Record<WatchedNetwork, Readonly<ChainNodeConfig>>>>;
  /**
   * The chain each UTXO network runs on (BTC_CHAIN…), set or not its node: merchant wallets are checked
   * against it. EVM keys serve every EVM chain; their watchers check the chain id instead.
   */
  chains: Readonly<Record<UtxoWatchedNetwork, ChainKind>>;
  /** Pause between two looks at a node (new blocks, mempool). */
  pollIntervalMs: number;
  /**
   * How long a network's watcher lease outlives a holder that stopped renewing it (killed, cut off):
   * another replica takes over after at most this long. Renewed at every poll, so it must outlive the
   * longest catch-up pass.
   */
  leaseTtlMs: number;
  /** Blocks a deposit's transaction may be out of the best chain and the mempool before it is dropped. */
  dropAfterBlocks: number;
}

/** The node watching a network, or null: a network without one takes no real payments. */
export function chainNodeFor(watchers: ChainWatchersConfig, network: string): ChainNodeConfig | null {
  return (WATCHED_NETWORKS as readonly string[]).includes(network)
    ? (watchers.nodes[network as WatchedNetwork] ?? null)
    : null;
}

/** The networks whose node follows mainnet: where a merchant's wallet takes real money. */
export function mainnetNetworksOf(watchers: Pick<ChainWatchersConfig, 'nodes' | 'chains'>): WatchedNetwork[] {
  return WATCHED_NETWORKS.filter((network) => {
    const node = watchers.nodes[network];
    return node ? chainFamilyOf(network)!.followsMainnet(node, watchers) : false;
  });
}

export interface PricesConfig {
  /** Where real money is priced from; `curated`: nowhere (test payments only). */
  feed: PriceFeedName;
  /** The sources `live` combines; `coingecko` alone under PRICE_FEED=coingecko. */
  sources: readonly PriceSourceName[];
  /** Fresh sources further apart than this (percent of their median) refuse real money in the currency. */
  spreadLimitPercent: string;
  /** Fresh sources a currency must be quoted by for real money in it; fewer refuse it as disagreeing. */
  minSources: number;
  /** Base URL of the CoinGecko API (`…/api/v3`). */
  sourceUrl: string;
  /** CoinGecko's API key. */
  apiKey: string | null;
  krakenUrl: string;
  coinbaseUrl: string;
  timeoutMs: number;
  refreshIntervalMs: number;
  /** A real-money payment is refused on live prices older than this. */
  maxAgeSeconds: number;
}

interface CommonConfig {
  service: ServiceName;
  port: number;
  host: string;
  baseUrl: string;
  /** Absolute path. */
  dataDir: string;
  adminToken: string | null;
  /** From MASTER_KEY; when null, `resolveMasterKey` decides where the key comes from. */
  masterKey: Buffer | null;
  sandboxEnabled: boolean;
  logLevel: LogLevel;
  requestTimeoutMs: number;
  paymentLifetimeMinutes: number;
  rateLimitsPerMinute: { v1: number; alpha: number; beta: number };
  /** The merchant dashboard: how long a sign-in lasts, and sign-in attempts per client IP per minute (0: no limit). */
  dashboard: { sessionMinutes: number; signInsPerMinute: number };
  webhooks: { allowedHosts: readonly string[]; timeoutMs: number };
  bodyLimitBytes: number;
  /** Slow-client bounds of the HTTP server: whole header block, and whole request. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; trustProxy: false | number | string[] };
  chainWatchers: ChainWatchersConfig;
  prices: PricesConfig;
  tracing: TracingConfig;
}

/** OpenTelemetry traces: off unless an OTLP endpoint is set. */

export type GatewayConfig = Readonly<CommonConfig> &
  (
    | { readonly mode: 'embedded'; readonly engines: null }
    | { readonly mode: 'engines'; readonly engines: Readonly<EngineConfig> }
  );

export interface ConfigIssue {
  variable: string;
  message: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly issues: readonly ConfigIssue[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
  }
}

const ENGINE_VARIABLES = ['KAFKA_BROKERS', 'MONGODB_URL', 'REDIS_URL'] as const;
const ONE_DAY_MS = 24 * 60 * 60 * 1000;
const SECRET_VARIABLES = new Set(SECRET_VARIABLE_NAMES);

/** The variable naming the file a secret is read from when the secret itself is unset (Docker and Kubernetes secrets mounted as files). */
export const secretFileVariable = (variable: string) => `${variable}_FILE`;

/** Collects every bad variable instead of stopping at the first, so one failed start shows them all. */
class EnvReader {
  readonly issues: ConfigIssue[] = [];
  private readonly fromFiles = new Map<string, string | undefined>();

  constructor(private readonly env: EnvSource) {}

  /** The trimmed value, or undefined when unset or blank; a secret left unset is read from its `_FILE`. */
  raw(variable: string): string | undefined {
    const value = this.env[variable];
    if (value !== undefined && value.trim() !== '') return value.trim();
    return SECRET_VARIABLES.has(variable) ? this.fromFile(variable) : undefined;
  }

  private fromFile(variable: string): string | undefined {
    if (this.fromFiles.has(variable)) return this.fromFiles.get(variable);
    const fileVariable = secretFileVariable(variable);
    const file = this.env[fileVariable]?.trim();
    let value: string | undefined;
    if (file) {
      try {
        value = readFileSync(file, 'utf8').trim();
        if (value === '') this.fail(fileVariable, `names an empty file (${file})`);
      } catch (error) {
        this.fail(fileVariable, `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      }
    }
    this.fromFiles.set(variable, value || undefined);
    return value || undefined;
  }

  read<T>(variable: string, parse: (raw: string) => T, fallback: T): T {
    const raw = this.raw(variable);
    if (raw === undefined) return fallback;
    try {
      return parse(raw);
    } catch (error) {
      const fromFile =
        this.fromFiles.get(variable) === raw ? ` (read from ${secretFileVariable(variable)})` : '';
      const shown = SECRET_VARIABLES.has(variable) ? fromFile : ` (got "${raw}")`;
      this.fail(variable, `${(error as Error).message}${shown}`);
      return fallback;
    }
  }

  fail(variable: string, message: string): void {
    this.issues.push({ variable, message });
  }
}

/** Reads and validates the whole configuration once, at start. Throws ConfigError naming each bad variable. */
export function loadConfig(env: EnvSource = process.env): GatewayConfig {
  const reader = new EnvReader(env);
  const port = reader.read('PORT', (raw) => parseInteger(raw, 0, 65535), 8080);
  const service = reader.read('SERVICE', (raw) => parseOneOf(raw, SERVICE_NAMES), 'all');
  const engines = readEngines(reader);
  const masterKey = reader.read('MASTER_KEY', parseMasterKey, null);
  if (engines && masterKey === null && service !== 'all') {
    reader.fail(
      'MASTER_KEY',
      `is required when services run apart (SERVICE=${service}), so every replica decrypts with the same key`,
    );
  }
  const adminToken = reader.read(
    'ADMIN_TOKEN',
    (raw) => {
      if (raw.length < 16) throw new Error('must be at least 16 characters');
      return raw;
    },
    null,
  );

  const sandboxEnabled = reader.read('SANDBOX_ENABLED', parseBoolean, engines === null);
  const chainWatchers = readChainWatchers(reader);
  const common: CommonConfig = {
    service,
    port,
    host: reader.raw('HOST') ?? '0.0.0.0',
    baseUrl: reader.read('BASE_URL', parseBaseUrl, `http://localhost:${port}`),
    dataDir: path.resolve(reader.raw('DATA_DIR') ?? './.data'),
    adminToken,
    masterKey,
    sandboxEnabled,
    logLevel: reader.read('LOG_LEVEL', (raw) => parseOneOf(raw, LOG_LEVELS), 'info'),
    requestTimeoutMs: reader.read(
      'REQUEST_TIMEOUT_MS',
      (raw) => parseInteger(raw, 1, 10 * 60 * 1000),
      10_000,
    ),
    paymentLifetimeMinutes: reader.read(
      'PAYMENT_LIFETIME_MINUTES',
      (raw) => parseInteger(raw, 1, 30 * 24 * 60),
      1440,
    ),
    rateLimitsPerMinute: {
      v1: reader.read('RATE_LIMIT_V1', (raw) => parseInteger(raw, 0, 1_000_000), 0),
      alpha: reader.read('RATE_LIMIT_ALPHA', (raw) => parseInteger(raw, 0, 1_000_000), 0),
      beta: reader.read('RATE_LIMIT_BETA', (raw) => parseInteger(raw, 0, 1_000_000), 0),
    },
    dashboard: {
      sessionMinutes: reader.read(
        'DASHBOARD_SESSION_MINUTES',
        (raw) => parseInteger(raw, 1, 30 * 24 * 60),
        60,
      ),
      signInsPerMinute: reader.read('DASHBOARD_SIGN_IN_LIMIT', (raw) => parseInteger(raw, 0, 1_000_000), 10),
    },
    webhooks: {
      allowedHosts: reader.read('WEBHOOK_ALLOWED_HOSTS', parseHostList, []),
      timeoutMs: reader.read('WEBHOOK_TIMEOUT_MS', (raw) => parseInteger(raw, 1, ONE_DAY_MS), 3000),
    },
    bodyLimitBytes: reader.read('BODY_LIMIT', parseByteSize, 100 * 1024),
    tracing: readTracing(reader),
    http: {
      headersTimeoutMs: reader.read(
        'HTTP_HEADERS_TIMEOUT_MS',
        (raw) => parseInteger(raw, 100, ONE_DAY_MS),
        10_000,
      ),
      requestTimeoutMs: reader.read(
        'HTTP_REQUEST_TIMEOUT_MS',
        (raw) => parseInteger(raw, 100, ONE_DAY_MS),
        30_000,
      ),
      trustProxy: reader.read('TRUST_PROXY', parseTrustProxy, false),
    },
    chainWatchers,
    prices: readPrices(reader, mainnetNetworksOf(chainWatchers).length > 0),
  };
  const mainnet = mainnetNetworksOf(common.chainWatchers);
  if (mainnet.length > 0 && common.prices.feed === 'curated') {
    reader.fail(
      'PRICE_FEED',
      `curated prices are for test payments; the ${mainnet.join(' and ')} node${mainnet.length > 1 ? 's follow' : ' follows'} mainnet and takes real money, which needs live prices`,
    );
  }
  if (common.http.headersTimeoutMs > common.http.requestTimeoutMs) {
    reader.fail('HTTP_HEADERS_TIMEOUT_MS', 'must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }

  if (reader.issues.length > 0) throw new ConfigError(reader.issues);
  const config: GatewayConfig = engines
    ? { ...common, mode: 'engines', engines }
    : { ...common, mode: 'embedded', engines: null };
  return deepFreeze(config);
}

function readChainWatchers(reader: EnvReader): ChainWatchersConfig {
  const nodes: Partial<Record<WatchedNetwork, ChainNodeConfig>> = {};
  const chains = {} as Record<UtxoWatchedNetwork, ChainKind>;
  for (const family of CHAIN_FAMILIES) {
    if (!family.readChainKind) continue;
    for (const network of family.networks)
      (chains as Record<string, ChainKind>)[network] = family.readChainKind(reader, network);
  }
  for (const family of CHAIN_FAMILIES) {
    for (const network of family.networks as readonly WatchedNetwork[]) {
      const prefix = family.envPrefix(network);
      const settings = family.readNode(reader, network);
      const rpcUrl = reader.read(`${prefix}_RPC_URL`, (raw) => parseUrl(raw, ['http:', 'https:']), null);
      const rpcUser = reader.raw(`${prefix}_RPC_USER`) ?? null;
      const rpcPassword = reader.raw(`${prefix}_RPC_PASSWORD`) ?? null;
      const confirmations = reader.read(
        `${prefix}_CONFIRMATIONS`,
        (raw) => parseInteger(raw, 1, 10_000),
        null,
      );
      if (rpcUrl === null) {
        for (const variable of [
          `${prefix}_RPC_USER`,
          `${prefix}_RPC_PASSWORD`,
          `${prefix}_CONFIRMATIONS`,
          ...family.nodeVariables(network),
        ]) {
          if (reader.raw(variable) !== undefined)
            reader.fail(variable, `needs ${prefix}_RPC_URL (the node to watch)`);
        }
        continue;
      }
      if ((rpcUser === null) !== (rpcPassword === null)) {
        reader.fail(
          rpcUser === null ? `${prefix}_RPC_USER` : `${prefix}_RPC_PASSWORD`,
          'is set without its pair',
        );
      }
      nodes[network] = { network, rpcUrl, rpcUser, rpcPassword, confirmations, ...settings };
    }
  }
  const pollIntervalMs = reader.read(
    'CHAIN_POLL_INTERVAL_MS',
    (raw) => parseInteger(raw, 10, 10 * 60 * 1000),
    2000,
  );
  const leaseTtlMs = reader.read(
    'CHAIN_LEASE_TTL_MS',
    (raw) => parseInteger(raw, 1000, ONE_DAY_MS),
    Math.max(3 * pollIntervalMs, 60_000),
  );
  if (leaseTtlMs < 2 * pollIntervalMs) {
    // The holder renews once per poll: a shorter lease would lapse between two polls of a healthy holder.
    reader.fail('CHAIN_LEASE_TTL_MS', 'must be at least twice CHAIN_POLL_INTERVAL_MS');
  }
  return {
    nodes,
    chains,
    pollIntervalMs,
    leaseTtlMs,
    dropAfterBlocks: reader.read('CHAIN_DROP_AFTER_BLOCKS', (raw) => parseInteger(raw, 1, 10_000), 6),
  };
}

/** The live feed runs by default where real money is taken: a node on mainnet. */
function readPrices(reader: EnvReader, takesRealMoney: boolean): PricesConfig {
  const feed = reader.read(
    'PRICE_FEED',
    (raw) => parseOneOf(raw, PRICE_FEEDS),
    takesRealMoney ? 'live' : 'curated',
  );
  const apiKey = reader.raw('PRICE_SOURCE_API_KEY') ?? null;
  // CoinGecko refuses keyless callers: without a key it is asked only where PRICE_SOURCES names it.
  const defaultSources: PriceSourceName[] =
    apiKey === null ? ['kraken', 'coinbase'] : ['coingecko', 'kraken', 'coinbase'];
  const sources = reader.read('PRICE_SOURCES', parsePriceSources, defaultSources);
  const baseUrl = (raw: string) => parseUrl(raw, ['http:', 'https:']).replace(/\/+$/, '');
  const asked: readonly PriceSourceName[] = feed === 'coingecko' ? ['coingecko'] : sources;
  const minSources = reader.read(
    'PRICE_MIN_SOURCES',
    (raw) => parseInteger(raw, 1, PRICE_SOURCE_NAMES.length),
    1,
  );
  if (feed !== 'curated' && minSources > asked.length)
    reader.fail(
      'PRICE_MIN_SOURCES',
      `asks every currency to be quoted by ${minSources} sources, but only ${asked.length} are asked (${asked.join(', ')}): no real money could ever be priced`,
    );
  return {
    feed,
    sources: asked,
    spreadLimitPercent: reader.read('PRICE_SPREAD_LIMIT_PERCENT', parsePercent, '2'),
    minSources,
    sourceUrl: reader.read('PRICE_SOURCE_URL', baseUrl, 'https://api.coingecko.com/api/v3'),
    apiKey,
    krakenUrl: reader.read('PRICE_KRAKEN_URL', baseUrl, 'https://api.kraken.com'),
    coinbaseUrl: reader.read('PRICE_COINBASE_URL', baseUrl, 'https://api.coinbase.com'),
    timeoutMs: reader.read('PRICE_SOURCE_TIMEOUT_MS', (raw) => parseInteger(raw, 1, 120_000), 5_000),
    refreshIntervalMs: reader.read('PRICE_REFRESH_MS', (raw) => parseInteger(raw, 100, ONE_DAY_MS), 60_000),
    maxAgeSeconds: reader.read('PRICE_MAX_AGE_SECONDS', (raw) => parseInteger(raw, 1, 7 * 24 * 3600), 600),
  };
}

function parsePriceSources(raw: string): PriceSourceName[] {
  const sources = [...new Set(parseList(raw).map((name) => parseOneOf(name, PRICE_SOURCE_NAMES)))];
  if (sources.length === 0) throw new Error(`must list at least one of ${PRICE_SOURCE_NAMES.join(', ')}`);
  return sources;
}

/** A percentage above 0 and at most 100, as a decimal string ("2", "0.5"). */
function parsePercent(raw: string): string {
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0 || Number(raw) > 100)
    throw new Error('must be a number above 0 and at most 100');
  return raw;
}

function readEngines(reader: EnvReader): EngineConfig | null {
  const kafkaBrokers = reader.read('KAFKA_BROKERS', parseBrokers, null);
  const kafkaClientId = reader.raw('KAFKA_CLIENT_ID') ?? 'gateway';
  const namePrefix = (raw: string) => {
    if (!/^[A-Za-z0-9._:-]{0,64}$/.test(raw))
      throw new Error('must be at most 64 letters, digits, ., _, : or -');
    return raw;
  };
  const kafkaTopicPrefix = reader.read('KAFKA_TOPIC_PREFIX', namePrefix, '');
  const kafkaSecurity = readKafkaSecurity(reader);
  const kafkaTopics = readKafkaTopics(reader);
  const redisKeyPrefix = reader.read('REDIS_KEY_PREFIX', namePrefix, '');
  const schemaRegistryUrl = reader.read(
    'SCHEMA_REGISTRY_URL',
    (raw) => parseUrl(raw, ['http:', 'https:']),
    null,
  );
  const schemaRegistryTimeoutMs = reader.read(
    'SCHEMA_REGISTRY_TIMEOUT_MS',
    (raw) => parseInteger(raw, 1, 120_000),
    10_000,
  );
  const mongodbUrl = reader.read('MONGODB_URL', (raw) => parseUrl(raw, ['mongodb:', 'mongodb+srv:']), null);
  const mongodbDb = reader.read(
    'MONGODB_DB',
    (raw) => {
      if (!/^[A-Za-z0-9_-]{1,63}$/.test(raw)) throw new Error('must be 1-63 letters, digits, _ or -');
      return raw;
    },
    'gateway',
  );
  const redisUrl = reader.read('REDIS_URL', (raw) => parseUrl(raw, ['redis:', 'rediss:']), null);

  const present = ENGINE_VARIABLES.filter((variable) => reader.raw(variable) !== undefined);
  if (present.length > 0 && present.length < ENGINE_VARIABLES.length) {
    const missing = ENGINE_VARIABLES.filter((variable) => !present.includes(variable));
    for (const variable of missing) {
      reader.fail(
        variable,
        `must be set together with ${present.join(' and ')} (the real engines need all of ${ENGINE_VARIABLES.join(', ')})`,
      );
    }
    return null;
  }
  if (present.length === 0) {
    if (schemaRegistryUrl !== null)
      reader.fail('SCHEMA_REGISTRY_URL', `needs the real engines (${ENGINE_VARIABLES.join(', ')})`);
    return null;
  }
  if (kafkaBrokers === null || mongodbUrl === null || redisUrl === null) return null;
  return {
    kafkaBrokers,
    kafkaClientId,
    kafkaTopicPrefix,
    kafkaSecurity,
    kafkaTopics,
    schemaRegistryUrl,
    schemaRegistryTimeoutMs,
    mongodbUrl,
    mongodbDb,
    redisUrl,
    redisKeyPrefix,
  };
}
