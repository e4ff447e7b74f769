import path from 'node:path';
import { CONFIG_DOCS, ConfigError, loadConfig, SERVICE_NAMES } from '../src';

const ENGINES = {
  KAFKA_BROKERS: '127.0.0.1:9092',
  MONGODB_URL: 'mongodb://127.0.0.1:27017',
  REDIS_URL: 'redis://127.0.0.1:6379',
};
const HEX_KEY = 'ab'.repeat(32);

function issuesOf(env: Record<string, string>): Array<{ variable: string; message: string }> {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.issues];
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  const config = loadConfig({});

  it('runs every service embedded on port 8080 with the sandbox on', () => {
    expect(config).toMatchObject({
      mode: 'embedded',
      engines: null,
      service: 'all',
      port: 8080,
      host: '0.0.0.0',
      baseUrl: 'http://localhost:8080',
      sandboxEnabled: true,
      logLevel: 'info',
      requestTimeoutMs: 10_000,
      paymentLifetimeMinutes: 1440,
      rateLimitsPerMinute: { v1: 0, alpha: 0, beta: 0 },
      dashboard: { sessionMinutes: 60, signInsPerMinute: 10 },
      webhooks: { allowedHosts: [], timeoutMs: 3000 },
      bodyLimitBytes: 100 * 1024,
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, trustProxy: false },
      adminToken: null,
      masterKey: null,
    });
  });

  it('resolves DATA_DIR to an absolute path', () => {
    expect(config.dataDir).toBe(path.resolve('./.data'));
  });

  it('is frozen', () => {
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.webhooks.allowedHosts)).toBe(true);
  });

  it('derives BASE_URL from PORT', () => {
    expect(loadConfig({ PORT: '9000' }).baseUrl).toBe('http://localhost:9000');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', KAFKA_BROKERS: ' ', LOG_LEVEL: '' })).toMatchObject({
      port: 8080,
      mode: 'embedded',
      logLevel: 'info',
    });
  });
});

describe('loadConfig values', () => {
  it('reads every variable', () => {
    const config = loadConfig({
      ...ENGINES,
      PORT: '3000',
      HOST: '127.0.0.1',
      BASE_URL: 'https://pay.example.com/',
      DATA_DIR: '/var/lib/gateway',
      SERVICE: 'gateway-alpha',
      KAFKA_BROKERS: 'k1:9092, k2:9093',
      KAFKA_CLIENT_ID: 'gw-alpha',
      SCHEMA_REGISTRY_URL: 'http://127.0.0.1:8081',
      SCHEMA_REGISTRY_TIMEOUT_MS: '3000',
      MONGODB_DB: 'payments',
      ADMIN_TOKEN: 'a-long-enough-admin-token',
      MASTER_KEY: HEX_KEY,
      SANDBOX_ENABLED: 'true',
      LOG_LEVEL: 'DEBUG',
      REQUEST_TIMEOUT_MS: '2500',
      PAYMENT_LIFETIME_MINUTES: '60',
      RATE_LIMIT_V1: '600',
      RATE_LIMIT_ALPHA: '120',
      RATE_LIMIT_BETA: '0',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, Localhost,,',
      WEBHOOK_TIMEOUT_MS: '5000',
      BODY_LIMIT: '1mb',
      HTTP_HEADERS_TIMEOUT_MS: '2000',
      HTTP_REQUEST_TIMEOUT_MS: '4000',
      TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::1',
    });
    expect(config).toMatchObject({
      mode: 'engines',
      engines: {
        kafkaBrokers: ['k1:9092', 'k2:9093'],
        kafkaClientId: 'gw-alpha',
        schemaRegistryUrl: 'http://127.0.0.1:8081',
        schemaRegistryTimeoutMs: 3000,
        mongodbUrl: 'mongodb://127.0.0.1:27017',
        mongodbDb: 'payments',
        redisUrl: 'redis://127.0.0.1:6379',
      },
      port: 3000,
      host: '127.0.0.1',
      baseUrl: 'https://pay.example.com',
      dataDir: '/var/lib/gateway',
      service: 'gateway-alpha',
      adminToken: 'a-long-enough-admin-token',
      sandboxEnabled: true,
      logLevel: 'debug',
      requestTimeoutMs: 2500,
      paymentLifetimeMinutes: 60,
      rateLimitsPerMinute: { v1: 600, alpha: 120, beta: 0 },
      dashboard: { sessionMinutes: 60, signInsPerMinute: 10 },
      webhooks: { allowedHosts: ['127.0.0.1', 'localhost'], timeoutMs: 5000 },
      bodyLimitBytes: 1024 * 1024,
      http: {
        headersTimeoutMs: 2000,
        requestTimeoutMs: 4000,
        trustProxy: ['loopback', '10.0.0.0/8', 'fd00::1'],
      },
    });
    expect(config.masterKey?.toString('hex')).toBe(HEX_KEY);
  });

  it('switches to the engines with the sandbox off by default when all three are set', () => {
    const config = loadConfig(ENGINES);
    expect(config.mode).toBe('engines');
    expect(config.sandboxEnabled).toBe(false);
    if (config.mode === 'engines')
      expect(config.engines).toMatchObject({
        kafkaClientId: 'gateway',
        mongodbDb: 'gateway',
        schemaRegistryUrl: null,
        schemaRegistryTimeoutMs: 10_000,
      });
  });

  it('accepts the master key as base64 and base64url', () => {
    const key = Buffer.alloc(32, 0xfb);
    expect(loadConfig({ MASTER_KEY: key.toString('base64') }).masterKey).toEqual(key);
    expect(loadConfig({ MASTER_KEY: key.toString('base64url') }).masterKey).toEqual(key);
  });

  it.each([
    ['100kb', 102_400],
    ['512', 512],
    ['2 MB', 2 * 1024 * 1024],
  ])('reads BODY_LIMIT %s as %i bytes', (raw, bytes) => {
    expect(loadConfig({ BODY_LIMIT: raw }).bodyLimitBytes).toBe(bytes);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['LinkLocal', ['linklocal']],
  ])('reads TRUST_PROXY %s', (raw, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: raw }).http.trustProxy).toEqual(trustProxy);
  });

  it.each(SERVICE_NAMES)('accepts SERVICE=%s', (service) => {
    expect(loadConfig({ SERVICE: service }).service).toBe(service);
  });
});

describe('loadConfig errors', () => {
  it.each([
    ['PORT', 'http', /whole number/],
    ['PORT', '70000', /between 0 and 65535/],
    ['BASE_URL', 'pay.example.com', /absolute URL/],
    ['BASE_URL', 'ftp://pay.example.com', /http or https/],
    ['BASE_URL', 'https://pay.example.com/?a=1', /query/],
    ['SERVICE', 'gateway-gamma', /one of all, gateway-v1/],
    ['LOG_LEVEL', 'verbose', /one of fatal/],
    ['SANDBOX_ENABLED', 'maybe', /true or false/],
    ['REQUEST_TIMEOUT_MS', '0', /between 1/],
    ['REQUEST_TIMEOUT_MS', '-5', /whole number/],
    ['PAYMENT_LIFETIME_MINUTES', '1.5', /whole number/],
    ['RATE_LIMIT_V1', 'lots', /whole number/],
    ['RATE_LIMIT_ALPHA', '-1', /whole number/],
    ['RATE_LIMIT_BETA', '1e3', /whole number/],
    ['WEBHOOK_TIMEOUT_MS', 'soon', /whole number/],
    ['BODY_LIMIT', '1gb', /size/],
    ['BODY_LIMIT', '0', /between 1 byte/],
    ['ADMIN_TOKEN', 'short', /at least 16/],
    ['MASTER_KEY', 'not-a-key', /32-byte key/],
    ['MASTER_KEY', 'ab'.repeat(16), /32-byte key/],
    ['TRUST_PROXY', 'true', /would trust any client/],
    ['TRUST_PROXY', '10.0.0.0/33', /not an IP address/],
    ['TRUST_PROXY', 'ingress.local', /not an IP address/],
    ['TRUST_PROXY', '99', /between 0 and 16/],
  ])('names %s when it is %j', (variable, value, message) => {
    expect(issuesOf({ [variable]: value })).toEqual([{ variable, message: expect.stringMatching(message) }]);
  });

  it('puts the variable name and the bad value in the thrown message', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT: must be a whole number \(got "http"\)/);
  });

  it('never echoes secret values', () => {
    const error = (() => {
      try {
        loadConfig({ MASTER_KEY: 'secret-ish-value', ADMIN_TOKEN: 'tiny' });
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.message).toContain('MASTER_KEY');
    expect(error.message).toContain('ADMIN_TOKEN');
    expect(error.message).not.toContain('secret-ish-value');
    expect(error.message).not.toContain('tiny');
  });

  it('reports every bad variable at once', () => {
    expect(
      issuesOf({ PORT: 'x', LOG_LEVEL: 'loud', BODY_LIMIT: 'huge' }).map((issue) => issue.variable),
    ).toEqual(['PORT', 'LOG_LEVEL', 'BODY_LIMIT']);
  });

  it('refuses a partial engine set, naming the missing variables', () => {
    const issues = issuesOf({ KAFKA_BROKERS: ENGINES.KAFKA_BROKERS, REDIS_URL: ENGINES.REDIS_URL });
    expect(issues).toEqual([
      {
        variable: 'MONGODB_URL',
        message: expect.stringMatching(/must be set together with KAFKA_BROKERS and REDIS_URL/),
      },
    ]);
  });

  it.each([
    ['KAFKA_BROKERS', 'kafka-without-port', /host:port/],
    ['MONGODB_URL', 'postgres://127.0.0.1', /mongodb or mongodb\+srv/],
    ['REDIS_URL', 'http://127.0.0.1:6379', /redis or rediss/],
  ])('validates %s', (variable, value, message) => {
    expect(issuesOf({ ...ENGINES, [variable]: value })).toEqual([
      { variable, message: expect.stringMatching(message) },
    ]);
  });

  it('refuses a schema registry without the engines', () => {
    expect(issuesOf({ SCHEMA_REGISTRY_URL: 'http://127.0.0.1:8081' })).toEqual([
      { variable: 'SCHEMA_REGISTRY_URL', message: expect.stringMatching(/needs the real engines/) },
    ]);
  });

  it('requires MASTER_KEY when services run apart on the engines', () => {
    expect(issuesOf({ ...ENGINES, SERVICE: 'payments' })).toEqual([
      { variable: 'MASTER_KEY', message: expect.stringMatching(/required/) },
    ]);
    expect(loadConfig({ ...ENGINES, SERVICE: 'payments', MASTER_KEY: HEX_KEY }).service).toBe('payments');
    expect(loadConfig({ ...ENGINES }).masterKey).toBeNull();
  });
});

describe('chain watchers', () => {
  it('watches no network by default', () => {
    expect(loadConfig({}).chainWatchers).toEqual({
      nodes: {},
      chains: { btc: 'mainnet', ltc: 'mainnet' },
      pollIntervalMs: 2000,
      leaseTtlMs: 60_000,
      dropAfterBlocks: 6,
    });
  });

  it('watches each network whose node URL is set, with its credentials and confirmations', () => {
    const config = loadConfig({
      BTC_RPC_URL: 'http://127.0.0.1:18443',
      BTC_RPC_USER: 'u',
      BTC_RPC_PASSWORD: 'p',
      LTC_RPC_URL: 'https://ltc.example.com/rpc',
      LTC_CONFIRMATIONS: '12',
      LTC_CHAIN: 'regtest',
      CHAIN_POLL_INTERVAL_MS: '250',
      CHAIN_DROP_AFTER_BLOCKS: '3',
    });
    expect(config.chainWatchers).toEqual({
      nodes: {
        btc: {
          network: 'btc',
          rpcUrl: 'http://127.0.0.1:18443',
          rpcUser: 'u',
          rpcPassword: 'p',
          confirmations: null,
          coins: ['btc'],
          evm: null,
        },
        ltc: {
          network: 'ltc',
          rpcUrl: 'https://ltc.example.com/rpc',
          rpcUser: null,
          rpcPassword: null,
          confirmations: 12,
          coins: ['ltc'],
          evm: null,
        },
      },
      chains: { btc: 'mainnet', ltc: 'regtest' },
      pollIntervalMs: 250,
      leaseTtlMs: 60_000,
      dropAfterBlocks: 3,
    });
  });

  it('watches an EVM network with its chain id and the mainnet stablecoin contracts unless told otherwise', () => {
    const config = loadConfig({
      ETH_RPC_URL: 'http://127.0.0.1:8545',
      ETH_CHAIN_ID: '31337',
      ETH_CONFIRMATIONS: '3',
      ETH_USDT_CONTRACT: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      POLYGON_RPC_URL: 'https://polygon.example.com/rpc/key',
    });
    expect(config.chainWatchers.nodes.eth).toEqual({
      network: 'eth',
      rpcUrl: 'http://127.0.0.1:8545',
      rpcUser: null,
      rpcPassword: null,
      confirmations: 3,
      coins: ['eth', 'usdterc20', 'usdc'],
      evm: {
        chainId: 31337,
        nativeCoin: 'eth',
        tokens: {
          usdterc20: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        },
      },
    });
    expect(config.chainWatchers.nodes.matic).toMatchObject({
      confirmations: null,
      coins: ['maticmainnet', 'usdtmatic', 'usdcmatic'],
      evm: { chainId: 137, tokens: { usdtmatic: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' } },
    });
    expect(config.chainWatchers.nodes.bsc).toBeUndefined();
  });

  it.each([
    [{ BTC_RPC_URL: 'tcp://127.0.0.1:1' }, 'BTC_RPC_URL', /http or https/],
    [{ LTC_RPC_USER: 'u' }, 'LTC_RPC_USER', /needs LTC_RPC_URL/],
    [{ BTC_RPC_URL: 'http://127.0.0.1:1', BTC_RPC_USER: 'u' }, 'BTC_RPC_PASSWORD', /without its pair/],
    [{ BTC_RPC_URL: 'http://127.0.0.1:1', BTC_CONFIRMATIONS: '0' }, 'BTC_CONFIRMATIONS', /between 1/],
    [{ ETH_CHAIN_ID: '31337' }, 'ETH_CHAIN_ID', /needs ETH_RPC_URL/],
    [
      { BSC_RPC_URL: 'http://127.0.0.1:1', BSC_USDT_CONTRACT: '0x123' },
      'BSC_USDT_CONTRACT',
      /contract address/,
    ],
    [{ POLYGON_RPC_URL: 'http://127.0.0.1:1', POLYGON_CHAIN_ID: 'x' }, 'POLYGON_CHAIN_ID', /whole number/],
    [{ CHAIN_POLL_INTERVAL_MS: 'often' }, 'CHAIN_POLL_INTERVAL_MS', /whole number/],
    [{ CHAIN_DROP_AFTER_BLOCKS: '0' }, 'CHAIN_DROP_AFTER_BLOCKS', /between 1/],
    [{ BTC_CHAIN: 'signet' }, 'BTC_CHAIN', /mainnet, testnet, regtest/],
  ])('refuses %j naming %s', (env, variable, message) => {
    expect(issuesOf(env)).toEqual([{ variable, message: expect.stringMatching(message) }]);
  });

  it('never echoes an RPC password', () => {
    expect(() => loadConfig({ BTC_RPC_PASSWORD: 'hunter2' })).toThrow(/BTC_RPC_PASSWORD/);
    expect(() => loadConfig({ LTC_RPC_URL: 'x', LTC_RPC_PASSWORD: 'hunter2' })).not.toThrow(/hunter2/);
  });
});

describe('HTTP server timeouts', () => {
  it('refuses a headers timeout longer than the request timeout', () => {
    expect(issuesOf({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toEqual([
      { variable: 'HTTP_HEADERS_TIMEOUT_MS', message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS' },
    ]);
  });
});

describe('prices', () => {
  it('runs the live feed by default where real money is taken: a node on mainnet, sandbox or not', () => {
    expect(loadConfig({}).prices).toEqual({
      feed: 'curated',
      sources: ['kraken', 'coinbase'],
      spreadLimitPercent: '2',
      minSources: 1,
      sourceUrl: 'https://api.coingecko.com/api/v3',
      apiKey: null,
      krakenUrl: 'https://api.kraken.com',
      coinbaseUrl: 'https://api.coinbase.com',
      timeoutMs: 5000,
      refreshIntervalMs: 60_000,
      maxAgeSeconds: 600,
    });
    expect(loadConfig({ BTC_RPC_URL: 'http://127.0.0.1:8332' }).prices.feed).toBe('live');
    expect(loadConfig({ ...ENGINES, LTC_RPC_URL: 'http://127.0.0.1:9332' }).prices.feed).toBe('live');
    // Test chains and the sandbox chain are priced from the fixed snapshot: nothing needs the live source.
    expect(loadConfig({ BTC_RPC_URL: 'http://127.0.0.1:18443', BTC_CHAIN: 'regtest' }).prices.feed).toBe(
      'curated',
    );
    expect(loadConfig({ ...ENGINES }).prices.feed).toBe('curated');
    expect(loadConfig({ SANDBOX_ENABLED: 'false' }).prices.feed).toBe('curated');
  });

  it('asks the keyless exchanges, and CoinGecko too once it has a key', () => {
    expect(loadConfig({ PRICE_FEED: 'live' }).prices.sources).toEqual(['kraken', 'coinbase']);
    expect(loadConfig({ PRICE_FEED: 'live', PRICE_SOURCE_API_KEY: 'CG-key' }).prices.sources).toEqual([
      'coingecko',
      'kraken',
      'coinbase',
    ]);
  });

  it('reads the sources, their URLs and the spread limit', () => {
    const prices = loadConfig({
      PRICE_FEED: 'live',
      PRICE_SOURCES: 'Coinbase, kraken,coinbase',
      PRICE_SPREAD_LIMIT_PERCENT: '0.5',
      PRICE_KRAKEN_URL: 'http://127.0.0.1:18202/',
      PRICE_COINBASE_URL: 'http://127.0.0.1:18203',
    }).prices;
    expect(prices).toMatchObject({
      feed: 'live',
      sources: ['coinbase', 'kraken'],
      spreadLimitPercent: '0.5',
      krakenUrl: 'http://127.0.0.1:18202',
      coinbaseUrl: 'http://127.0.0.1:18203',
    });
    expect(
      issuesOf({ PRICE_SOURCES: 'kraken,binance', PRICE_SPREAD_LIMIT_PERCENT: '0' }).map(
        (issue) => issue.variable,
      ),
    ).toEqual(['PRICE_SOURCES', 'PRICE_SPREAD_LIMIT_PERCENT']);
  });

  it('reads PRICE_MIN_SOURCES (1 by default), refusing more than the sources asked', () => {
    expect(loadConfig({ PRICE_FEED: 'live' }).prices.minSources).toBe(1);
    expect(
      loadConfig({ PRICE_FEED: 'live', PRICE_SOURCES: 'kraken,coinbase', PRICE_MIN_SOURCES: '2' }).prices
        .minSources,
    ).toBe(2);
    expect(
      issuesOf({ PRICE_FEED: 'live', PRICE_SOURCES: 'kraken,coinbase', PRICE_MIN_SOURCES: '3' }).map(
        (issue) => issue.variable,
      ),
    ).toEqual(['PRICE_MIN_SOURCES']);
    expect(issuesOf({ PRICE_FEED: 'coingecko', PRICE_MIN_SOURCES: '2' })).toEqual([
      expect.objectContaining({ variable: 'PRICE_MIN_SOURCES' }),
    ]);
    expect(issuesOf({ PRICE_MIN_SOURCES: '0' }).map((issue) => issue.variable)).toEqual([
      'PRICE_MIN_SOURCES',
    ]);
  });

  it('reads PRICE_FEED=coingecko as CoinGecko alone, as before there were other sources', () => {
    expect(loadConfig({ PRICE_FEED: 'coingecko', PRICE_SOURCES: 'kraken' }).prices.sources).toEqual([
      'coingecko',
    ]);
  });

  it('reads the source, its timeout, the refresh pace and the age limit', () => {
    const prices = loadConfig({
      PRICE_FEED: 'coingecko',
      PRICE_SOURCE_URL: 'http://127.0.0.1:18201/api/v3/',
      PRICE_SOURCE_API_KEY: 'CG-key',
      PRICE_SOURCE_TIMEOUT_MS: '750',
      PRICE_REFRESH_MS: '15000',
      PRICE_MAX_AGE_SECONDS: '120',
    }).prices;
    expect(prices).toMatchObject({
      feed: 'coingecko',
      sourceUrl: 'http://127.0.0.1:18201/api/v3',
      apiKey: 'CG-key',
      timeoutMs: 750,
      refreshIntervalMs: 15_000,
      maxAgeSeconds: 120,
    });
  });

  it('refuses the fixed snapshot for real money, sandbox or not, and a bad feed or age limit', () => {
    for (const sandbox of ['true', 'false'])
      expect(
        issuesOf({ SANDBOX_ENABLED: sandbox, PRICE_FEED: 'curated', BTC_RPC_URL: 'http://127.0.0.1:8332' }),
      ).toEqual([
        {
          variable: 'PRICE_FEED',
          message:
            'curated prices are for test payments; the btc node follows mainnet and takes real money, which needs live prices',
        },
      ]);
    expect(
      loadConfig({
        SANDBOX_ENABLED: 'false',
        PRICE_FEED: 'curated',
        LTC_RPC_URL: 'http://127.0.0.1:19443',
        LTC_CHAIN: 'regtest',
      }).prices.feed,
    ).toBe('curated');
    expect(
      issuesOf({ PRICE_FEED: 'binance', PRICE_MAX_AGE_SECONDS: '0' }).map((issue) => issue.variable),
    ).toEqual(['PRICE_FEED', 'PRICE_MAX_AGE_SECONDS']);
  });
});

describe('CONFIG_DOCS', () => {
  function variablesRead(env: Record<string, string>): Set<string> {
    const read = new Set<string>();
    loadConfig(
      new Proxy(env, {
        get: (target, name) => (typeof name === 'string' ? (read.add(name), target[name]) : undefined),
      }),
    );
    return read;
  }

  it('documents exactly the variables loadConfig reads', () => {
    const read = new Set([
      ...variablesRead({}),
      ...variablesRead({ ...ENGINES, MASTER_KEY: HEX_KEY, BTC_RPC_URL: 'http://a', LTC_RPC_URL: 'http://b' }),
    ]);
    // Each secret left unset is looked for in the file its _FILE names.
    const secretFiles = CONFIG_DOCS.filter((doc) => doc.secret).map((doc) => `${doc.name}_FILE`);
    expect([...read].sort()).toEqual([...CONFIG_DOCS.map((doc) => doc.name), ...secretFiles].sort());
  });

  it('gives every variable a one-line description', () => {
    for (const doc of CONFIG_DOCS) {
      expect(doc.description.length).toBeGreaterThan(10);
      expect(doc.description).not.toContain('\n');
    }
  });
});

describe('tracing', () => {
  it('is off by default and samples every new trace, following an incoming one’s decision', () => {
    expect(loadConfig({}).tracing).toEqual({
      otlpEndpoint: null,
      headers: {},
      serviceName: null,
      resourceAttributes: {},
      sampler: { name: 'parentbased_always_on', ratio: 1 },
    });
  });

  it('reads the OpenTelemetry SDK’s standard variables', () => {
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
        OTEL_SERVICE_NAME: 'cryptogate-payments-eu',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod,team=pay%20ops, k8s.cluster.name = eu-1',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
      }).tracing,
    ).toEqual({
      otlpEndpoint: 'http://otel-collector:4318/v1/traces',
      headers: {},
      serviceName: 'cryptogate-payments-eu',
      resourceAttributes: {
        'deployment.environment': 'prod',
        team: 'pay ops',
        'k8s.cluster.name': 'eu-1',
      },
      sampler: { name: 'parentbased_traceidratio', ratio: 0.1 },
    });
  });

  it('appends v1/traces to the base endpoint, and takes the traces endpoint as given', () => {
    const endpoint = (env: Record<string, string>) => loadConfig(env).tracing.otlpEndpoint;
    expect(endpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example/otlp/' })).toBe(
      'https://collector.example/otlp/v1/traces',
    );
    expect(
      endpoint({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces-only:4318/custom',
      }),
    ).toBe('http://traces-only:4318/custom');
  });

  it('sends the OTLP headers, the traces-only ones over the general ones name by name', () => {
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20dXNlcjprZXk=, x-tenant=eu',
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'authorization=Bearer%20traces',
      }).tracing.headers,
    ).toEqual({ authorization: 'Bearer traces', 'x-tenant': 'eu' });
    expect(
      issuesOf({
        OTEL_EXPORTER_OTLP_HEADERS: 'x tenant=eu',
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-key=a%0D%0Ab',
      }).map((issue) => issue.variable),
    ).toEqual(['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS']);
  });

  it('keeps the deprecated OTEL_TRACES_SAMPLE_RATIO as a parent-based ratio, below the standard variables', () => {
    expect(loadConfig({ OTEL_TRACES_SAMPLE_RATIO: '0.25' }).tracing.sampler).toEqual({
      name: 'parentbased_traceidratio',
      ratio: 0.25,
    });
    expect(
      loadConfig({ OTEL_TRACES_SAMPLE_RATIO: '0.25', OTEL_TRACES_SAMPLER: 'always_on' }).tracing.sampler,
    ).toEqual({ name: 'always_on', ratio: 0.25 });
    expect(
      loadConfig({ OTEL_TRACES_SAMPLE_RATIO: '0.25', OTEL_TRACES_SAMPLER_ARG: '0.5' }).tracing.sampler,
    ).toEqual({ name: 'parentbased_traceidratio', ratio: 0.5 });
  });

  it('names a bad endpoint, sampler, ratio or attribute list', () => {
    expect(
      issuesOf({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://collector',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
        OTEL_TRACES_SAMPLE_RATIO: '1.5',
        OTEL_TRACES_SAMPLER: 'jaeger_remote',
        OTEL_TRACES_SAMPLER_ARG: 'half',
        OTEL_RESOURCE_ATTRIBUTES: 'team=pay,oops',
      }).map((issue) => issue.variable),
    ).toEqual([
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_TRACES_SAMPLE_RATIO',
      'OTEL_TRACES_SAMPLER',
      'OTEL_TRACES_SAMPLER_ARG',
      'OTEL_RESOURCE_ATTRIBUTES',
    ]);
  });
});
