import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  createLogger,
  loadConfig,
  resourceAttributesOf,
  SpanKind,
  startTracing,
  withSpan,
  type Tracing,
} from '../src';

describe('tracing from the OpenTelemetry variables', () => {
  // A fresh exporter per test: shutting the provider down stops its exporter for good.
  let exporter: InMemorySpanExporter;
  let tracing: Tracing | null = null;
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
  });
  const start = (env: Record<string, string>) => {
    tracing = startTracing('cryptogate-payments', loadConfig(env).tracing, [
      new SimpleSpanProcessor(exporter),
    ]);
  };
  afterEach(async () => {
    await tracing?.shutdown();
    tracing = null;
  });

  it('names the service by OTEL_SERVICE_NAME, over service.name in OTEL_RESOURCE_ATTRIBUTES, over the default', () => {
    const attributes = { 'service.name': 'from-attributes', 'deployment.environment': 'prod' };
    expect(
      resourceAttributesOf('cryptogate-payments', { serviceName: 'named', resourceAttributes: attributes }),
    ).toEqual({
      'service.name': 'named',
      'deployment.environment': 'prod',
    });
    expect(
      resourceAttributesOf('cryptogate-payments', { serviceName: null, resourceAttributes: attributes }),
    ).toEqual(attributes);
    expect(
      resourceAttributesOf('cryptogate-payments', { serviceName: null, resourceAttributes: {} }),
    ).toEqual({
      'service.name': 'cryptogate-payments',
    });
  });

  it('puts the service name and resource attributes on every span', async () => {
    start({ OTEL_SERVICE_NAME: 'payments-eu', OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod' });
    await withSpan('work', { kind: SpanKind.INTERNAL }, async () => undefined);

    const [span] = exporter.getFinishedSpans();
    expect(span?.resource.attributes).toMatchObject({
      'service.name': 'payments-eu',
      'deployment.environment': 'prod',
    });
  });

  it('records nothing with OTEL_TRACES_SAMPLER=always_off', async () => {
    start({ OTEL_TRACES_SAMPLER: 'always_off' });
    await withSpan('work', { kind: SpanKind.INTERNAL }, async () => undefined);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('writes the active span’s trace_id and span_id on a log line, and none outside a span', async () => {
    start({});
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });

    await withSpan('work', { kind: SpanKind.INTERNAL }, async () => logger.info('inside'));
    logger.info('outside');

    const [span] = exporter.getFinishedSpans();
    expect(lines[0]).toMatchObject({
      msg: 'inside',
      trace_id: span!.spanContext().traceId,
      span_id: span!.spanContext().spanId,
      trace_flags: '01',
    });
    expect(lines[1]).not.toHaveProperty('trace_id');
  });
});
