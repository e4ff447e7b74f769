import { CHAIN_FAMILIES } from './chain-families';

export interface ConfigVariableDoc {
  name: string;
  /** Human-readable default, or null when the variable has none (unset means "not used"). */
  default: string | null;
  description: string;
  /**
   * A secret (a key, a password, or a URL that carries one): never echoed in an error, kept in the
   * Kubernetes Secret rather than the ConfigMap, and readable from a file named by `<name>_FILE`.
   */
  secret?: true;
}

export const SERVICE_NAMES = [
  'all',
  'gateway-v1',
  'gateway-alpha',
  'gateway-beta',
  'payments',
  'projector',
  'notifier',
  'checkout',
  'chain',
  'scheduler',
  'rates',
  'admin',
  'docs',
  'dashboard',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The samplers of the OpenTelemetry specification's `OTEL_TRACES_SAMPLER` this gateway offers. */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TracesSamplerName = (typeof TRACES_SAMPLERS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Where real money is priced from: none (`curated`, the fixed catalogue snapshot only), the sources of
 * PRICE_SOURCES combined (`live`), or CoinGecko alone (`coingecko`, the single source of earlier releases).
 */
export const PRICE_FEEDS = ['curated', 'live', 'coingecko'] as const;
export type PriceFeedName = (typeof PRICE_FEEDS)[number];
/** The live price sources: CoinGecko's simple-price API (needs a key), Kraken's and Coinbase's public, keyless APIs. */
export const PRICE_SOURCE_NAMES = ['coingecko', 'kraken', 'coinbase'] as const;
export type PriceSourceName = (typeof PRICE_SOURCE_NAMES)[number];
/** Every environment variable the gateway reads, in the order the README lists them. */
export const CONFIG_DOCS: readonly ConfigVariableDoc[] = [
  { name: 'PORT', default: '8080', description: 'TCP port the HTTP server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the HTTP server binds to.' },
  {
    name: 'BASE_URL',
    default: 'http://localhost:<PORT>',
    description:
      'Public URL of the gateway; used to build invoice_url, /pay/<uuid> and family B payment_url.',
  },
  {
    name: 'DATA_DIR',
    default: './.data',
    description:
      'Directory for the embedded event store file, the watcher checkpoints and the generated master key.',
  },
  {
    name: 'SERVICE',
    default: 'all',
    description: `Which service this process runs: ${SERVICE_NAMES.join(', ')}.`,
  },
  {
    name: 'KAFKA_BROKERS',
    default: null,
    description:
      'Comma-separated Kafka host:port list; with MONGODB_URL and REDIS_URL switches to the real engines.',
  },
  { name: 'KAFKA_CLIENT_ID', default: 'gateway', description: 'Kafka client id reported to the brokers.' },
  {
    name: 'KAFKA_TOPIC_PREFIX',
    default: '',
    description:
      'Prepended to every Kafka topic and consumer group, so several deployments or test runs share one cluster.',
  },
  {
    name: 'KAFKA_SSL',
    default: 'false (true when a KAFKA_SSL_*_FILE is set)',
    description:
      "TLS to the brokers (an SSL or SASL_SSL listener); the brokers' certificates are checked against KAFKA_SSL_CA_FILE, else Node's public CAs.",
  },
  {
    name: 'KAFKA_SSL_CA_FILE',
    default: null,
    description:
      "PEM file of the CA(s) that signed the brokers' certificates (a private CA, Aiven's project CA); unset: the public CAs (Confluent Cloud, MSK).",
  },
  {
    name: 'KAFKA_SSL_CERT_FILE',
    default: null,
    description:
      'PEM client certificate, for brokers that authenticate clients by certificate (mutual TLS, Aiven); needs KAFKA_SSL_KEY_FILE.',
  },
  {
    name: 'KAFKA_SSL_KEY_FILE',
    default: null,
    description: 'PEM private key (unencrypted) of KAFKA_SSL_CERT_FILE.',
  },
  {
    name: 'KAFKA_SASL_MECHANISM',
    default: null,
    description:
      'SASL authentication to the brokers: plain (Confluent Cloud API keys), scram-sha-256 or scram-sha-512 (MSK, Aiven); unset: none. Needs the user name and password.',
  },
  {
    name: 'KAFKA_SASL_USERNAME',
    default: null,
    secret: true,
    description: 'SASL user name (Confluent Cloud: the API key).',
  },
  {
    name: 'KAFKA_SASL_PASSWORD',
    default: null,
    secret: true,
    description: 'SASL password (a secret; Confluent Cloud: the API secret).',
  },
  {
    name: 'KAFKA_CREATE_TOPICS',
    default: 'true',
    description:
      'Create the missing topics and their .dlq topics at start; false: create none (topics managed elsewhere) and refuse to start while one is missing, naming it.',
  },
  {
    name: 'KAFKA_TOPIC_REPLICATION_FACTOR',
    default: "the broker's default.replication.factor",
    description:
      'Replication factor of the topics and .dlq topics the gateway creates (3 on a production cluster).',
  },
  {
    name: 'KAFKA_TOPIC_MIN_INSYNC_REPLICAS',
    default: "the broker's min.insync.replicas",
    description:
      'min.insync.replicas of the topics the gateway creates: replicas that must hold a write before it is acknowledged (2 with a replication factor of 3).',
  },
  {
    name: 'SCHEMA_REGISTRY_URL',
    default: null,
    secret: true,
    description:
      'Confluent Schema Registry URL; when set, messages use the registry wire format (engines mode only).',
  },
  {
    name: 'SCHEMA_REGISTRY_TIMEOUT_MS',
    default: '10000',
    description:
      'How long one schema registry request may go unanswered before it fails (start-up fails; a consumer waits and tries the message again).',
  },
  {
    name: 'MONGODB_URL',
    default: null,
    secret: true,
    description: 'MongoDB connection string for the event store and read models (engines mode).',
  },
  { name: 'MONGODB_DB', default: 'gateway', description: 'MongoDB database name.' },
  {
    name: 'REDIS_URL',
    default: null,
    secret: true,
    description: 'Redis URL for caches, idempotency keys, rate limits and leases (engines mode).',
  },
  {
    name: 'REDIS_KEY_PREFIX',
    default: '',
    description: 'Prepended to every Redis key, so several deployments or test runs share one Redis.',
  },
  {
    name: 'ADMIN_TOKEN',
    default: null,
    secret: true,
    description: 'Bearer token for the admin API; at least 16 characters.',
  },
  {
    name: 'MASTER_KEY',
    default: null,
    secret: true,
    description:
      '32-byte key (64 hex chars or base64) encrypting signing keys at rest; when unset in a single-process run, a key file is generated once under DATA_DIR.',
  },
  {
    name: 'SANDBOX_ENABLED',
    default: 'true without engines, false with',
    description: 'Enables the sandbox chain endpoint that lets a tester pay an address.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: `Log level: ${LOG_LEVELS.join(', ')}.` },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: null,
    description:
      'OTLP/HTTP base URL of a collector (e.g. http://otel-collector:4318); traces go to it with v1/traces appended; tracing is off while neither endpoint is set.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    default: null,
    description:
      'OTLP/HTTP URL traces are exported to, used as given (e.g. http://otel-collector:4318/v1/traces); wins over OTEL_EXPORTER_OTLP_ENDPOINT.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_HEADERS',
    default: null,
    secret: true,
    description:
      'Headers sent with every trace export, key=value pairs separated by commas, percent-encoded (e.g. x-honeycomb-team=KEY, authorization=Basic%20…); a secret.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
    default: null,
    secret: true,
    description:
      'Headers of the trace exports only, same format; over OTEL_EXPORTER_OTLP_HEADERS name by name, the others of that kept; a secret.',
  },
  {
    name: 'OTEL_SERVICE_NAME',
    default: 'cryptogate-<SERVICE>',
    description:
      'service.name of the spans; over a service.name in OTEL_RESOURCE_ATTRIBUTES. Set it per Deployment, not in a ConfigMap every service shares.',
  },
  {
    name: 'OTEL_RESOURCE_ATTRIBUTES',
    default: null,
    description:
      'Resource attributes of every span, key=value pairs separated by commas, percent-encoded (e.g. deployment.environment=prod).',
  },
  {
    name: 'OTEL_TRACES_SAMPLER',
    default: 'parentbased_always_on',
    description: `Sampler: ${TRACES_SAMPLERS.join(', ')}; a parentbased one keeps the decision of a request or message that arrives with a trace.`,
  },
  {
    name: 'OTEL_TRACES_SAMPLER_ARG',
    default: '1',
    description: 'Share of traces the traceidratio samplers record, 0 to 1.',
  },
  {
    name: 'OTEL_TRACES_SAMPLE_RATIO',
    default: null,
    description:
      'Deprecated: use OTEL_TRACES_SAMPLER=parentbased_traceidratio and OTEL_TRACES_SAMPLER_ARG. Still read: the ratio when OTEL_TRACES_SAMPLER_ARG is unset, and parentbased_traceidratio when OTEL_TRACES_SAMPLER is.',
  },
  {
    name: 'REQUEST_TIMEOUT_MS',
    default: '10000',
    description: 'How long a gateway waits for the payments service to reply to a command.',
  },
  {
    name: 'PAYMENT_LIFETIME_MINUTES',
    default: '1440',
    description: 'Lifetime of a V1 payment before it expires.',
  },
  {
    name: 'RATE_LIMIT_V1',
    default: '0',
    description:
      'Requests per minute per merchant (or IP when unauthenticated) on /v1; 0 turns the limit off.',
  },
  {
    name: 'RATE_LIMIT_ALPHA',
    default: '0',
    description:
      'Requests per minute per merchant (or IP when unauthenticated) on /alpha/v1; 0 turns the limit off.',
  },
  {
    name: 'RATE_LIMIT_BETA',
    default: '0',
    description:
      'Requests per minute per merchant (or IP when unauthenticated) on /beta/v1; 0 turns the limit off.',
  },
  {
    name: 'DASHBOARD_SESSION_MINUTES',
    default: '60',
    description: 'How long a dashboard sign-in lasts; the merchant signs in again after it.',
  },
  {
    name: 'DASHBOARD_SIGN_IN_LIMIT',
    default: '10',
    description: 'Dashboard sign-in attempts per minute per client IP; 0 turns the limit off.',
  },
  {
    name: 'WEBHOOK_ALLOWED_HOSTS',
    default: null,
    description:
      'Comma-separated webhook hosts exempt from SSRF protection (for example 127.0.0.1 for local testing).',
  },
  { name: 'WEBHOOK_TIMEOUT_MS', default: '3000', description: 'Timeout of one webhook delivery attempt.' },
  {
    name: 'BODY_LIMIT',
    default: '100kb',
    description: 'Largest accepted request body (bytes, or with a kb/mb suffix).',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Proxies in front of the gateway whose X-Forwarded-For is believed: a hop count (1 behind one ingress) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal, uniquelocal. Sets the client IP that unauthenticated rate limits count by.',
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    default: '10000',
    description: 'Time a client has to send its request headers; slower (slow-loris) connections are closed.',
  },
  {
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    default: '30000',
    description:
      'Time a client has to send its whole request, body included; slower ones get 408 and are closed.',
  },
  {
    name: 'PRICE_FEED',
    default: 'live with a mainnet node (else curated)',
    description:
      'Where real money is priced from: live (the PRICE_SOURCES combined), coingecko (CoinGecko alone, as earlier releases did), or curated (none: only test payments, on the fixed catalogue snapshot; refused while a node follows mainnet). Test payments are always priced from the fixed snapshot.',
  },
  {
    name: 'PRICE_SOURCES',
    default: 'kraken,coinbase (coingecko,kraken,coinbase with PRICE_SOURCE_API_KEY)',
    description:
      'The live sources PRICE_FEED=live asks in parallel at every refresh, comma-separated: coingecko, kraken, coinbase. Each currency is priced at the median of the sources that quote it freshly; one source answering is enough.',
  },
  {
    name: 'PRICE_SPREAD_LIMIT_PERCENT',
    default: '2',
    description:
      'How far apart (highest − lowest, over the median, in percent) the fresh sources may price a currency: beyond it, real-money payments naming that currency are refused until they agree again.',
  },
  {
    name: 'PRICE_MIN_SOURCES',
    default: '1',
    description:
      'How many sources must quote a currency freshly for real money to be asked in it: with fewer, real-money payments naming it are refused (PRICES_DISAGREE) until more answer. 1 prices on any one source left, unchecked; 2 with three sources survives one down and never asks money on a lone price.',
  },
  {
    name: 'PRICE_SOURCE_URL',
    default: 'https://api.coingecko.com/api/v3',
    description:
      'Base URL of the CoinGecko API: api.coingecko.com with a demo key, pro-api.coingecko.com with a paid plan key.',
  },
  {
    name: 'PRICE_SOURCE_API_KEY',
    default: null,
    secret: true,
    description:
      'CoinGecko API key (a secret): sent as x-cg-demo-api-key to api.coingecko.com, or as x-cg-pro-api-key to pro-api.coingecko.com. CoinGecko refuses keyless callers, so without a key it is not among the default PRICE_SOURCES.',
  },
  {
    name: 'PRICE_KRAKEN_URL',
    default: 'https://api.kraken.com',
    description: "Base URL of Kraken's public REST API (GET /0/public/Ticker, keyless).",
  },
  {
    name: 'PRICE_COINBASE_URL',
    default: 'https://api.coinbase.com',
    description: "Base URL of Coinbase's public API (GET /v2/exchange-rates?currency=USD, keyless).",
  },
  {
    name: 'PRICE_SOURCE_TIMEOUT_MS',
    default: '5000',
    description:
      'How long one request to one price source may take before that source counts as failed for the refresh; the others are used meanwhile.',
  },
  {
    name: 'PRICE_REFRESH_MS',
    default: '60000',
    description:
      'Pause between two price refreshes (CoinGecko updates its public prices every 60 s); every service reads the published prices at most this often.',
  },
  {
    name: 'PRICE_MAX_AGE_SECONDS',
    default: '600',
    description:
      'A real-money payment (to a merchant wallet on a mainnet chain, sandbox or not) is refused when the live price of its currencies is older than this (the source down or stale).',
  },
  ...CHAIN_FAMILIES.flatMap((family) => family.networks.flatMap((network) => family.variables(network))),
  {
    name: 'CHAIN_POLL_INTERVAL_MS',
    default: '2000',
    description: 'Pause between two looks of a chain watcher at its node (new blocks, mempool).',
  },
  {
    name: 'CHAIN_LEASE_TTL_MS',
    default: 'max(3 × CHAIN_POLL_INTERVAL_MS, 60000)',
    description:
      "How long a network's watcher lease outlives a chain replica that stopped renewing it (killed, cut off): a standby replica takes over within this time. The holder renews it at every poll, so it must outlive the longest catch-up pass.",
  },
  {
    name: 'CHAIN_DROP_AFTER_BLOCKS',
    default: '6',
    description:
      "Blocks a deposit's transaction may be gone from its node (not in the best chain, not waiting to be mined: reorganised out and not taken back, replaced, double-spent) before the deposit is dropped: it stops counting and the payment steps back (waiting, partially_paid or expired) with a webhook. A settled payment is not reversed. Seen again later, it counts again, once.",
  },
];

/** The variables marked secret: each can come from the file `<name>_FILE` names. */
export const SECRET_VARIABLE_NAMES: readonly string[] = CONFIG_DOCS.filter((doc) => doc.secret).map(
  (doc) => doc.name,
);
