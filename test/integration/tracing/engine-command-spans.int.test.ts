import { loadConfig, SpanKind, startTracing, withSpan, type Tracing } from '@gw/platform';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { RedisCache } from '@gw/cache';
import { deleteKeysUnder, uniqueKeyPrefix } from '@gw/cache/testing';
import { MongoReadModelStore } from '@gw/store';
import { dropMongoDatabase, randomDatabaseName } from '@gw/store/testing';

const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const { mongodbUrl, redisUrl } = config.engines;

/** The spans of a trace: `parent` and what ran under it. */
const childrenOf = (spans: ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);

/**
 * MongoDB and Redis commands as client spans, children of the work that sent them, when the clients
 * are made while tracing is on (the gateway starts tracing before its infrastructure).
 */
describe('spans of MongoDB and Redis commands', () => {
  let exporter: InMemorySpanExporter;
  let tracing: Tracing | null;
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    tracing = startTracing('cryptogate-test', loadConfig({}).tracing, [new SimpleSpanProcessor(exporter)]);
  });
  afterEach(async () => {
    await tracing?.shutdown();
  });

  it('traces each MongoDB command under the span that sent it, named by command and collection', async () => {
    const database = randomDatabaseName('spans');
    const store = await MongoReadModelStore.open({ url: mongodbUrl, database });
    try {
      await withSpan('projection work', { kind: SpanKind.INTERNAL }, async () => {
        await store.collection('payments').upsertIfNewer({ id: 'p-1', version: 1 });
        await store.collection('payments').get('p-1');
      });
      const spans = exporter.getFinishedSpans();
      const work = spans.find((span) => span.name === 'projection work')!;
      const commands = childrenOf(spans, work);
      expect(commands.length).toBeGreaterThanOrEqual(2);
      expect(commands.every((span) => span.kind === SpanKind.CLIENT)).toBe(true);
      const read = commands.find((span) => span.attributes['db.operation.name'] === 'find');
      expect(read?.name).toBe(`find ${database}.payments`);
      expect(read?.attributes).toMatchObject({
        'db.system.name': 'mongodb',
        'db.namespace': database,
        'db.collection.name': 'payments',
        'server.address': '127.0.0.1',
        'server.port': expect.any(Number),
      });
    } finally {
      await store.close();
      await dropMongoDatabase(mongodbUrl, database);
    }
  });

  it('traces each Redis command under the span that sent it, scripts as evalsha', async () => {
    const keyPrefix = uniqueKeyPrefix('spans');
    const cache = await RedisCache.open({ url: redisUrl, keyPrefix });
    try {
      await withSpan('cache work', { kind: SpanKind.INTERNAL }, async () => {
        await cache.set('k', 'v');
        await cache.increment('n', 60_000);
      });
      const spans = exporter.getFinishedSpans();
      const work = spans.find((span) => span.name === 'cache work')!;
      const commands = childrenOf(spans, work);
      expect(commands.map((span) => span.name)).toEqual(['set', expect.stringMatching(/^eval(sha)?$/)]);
      expect(commands[0]!.attributes).toMatchObject({
        'db.system.name': 'redis',
        'db.operation.name': 'set',
        'server.address': expect.any(String),
        'server.port': expect.any(Number),
      });
    } finally {
      await cache.close();
      await deleteKeysUnder(redisUrl, keyPrefix);
    }
  });

  it('makes no span for a client made while tracing was off', async () => {
    await tracing?.shutdown();
    tracing = null;
    const keyPrefix = uniqueKeyPrefix('untraced');
    const cache = await RedisCache.open({ url: redisUrl, keyPrefix });
    tracing = startTracing('cryptogate-test', loadConfig({}).tracing, [new SimpleSpanProcessor(exporter)]);
    try {
      await cache.set('k', 'v');
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      await cache.close();
      await deleteKeysUnder(redisUrl, keyPrefix);
    }
  });
});
