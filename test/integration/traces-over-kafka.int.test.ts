import { tracedBus, type IncomingMessage, type KafkaBus, type MessageBus } from '@gw/bus';
import { loadConfig, SpanKind, startTracing, withSpan, type Tracing } from '@gw/platform';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  closeAndClean,
  makeTestKafkaBus,
  uniqueSuffix,
} from '../../packages/bus/test/support/kafka-test-bus';

/** The trace a request starts crosses a real broker in W3C Trace Context headers. */
describe('traces over Kafka', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null;
  let kafka: KafkaBus;
  let bus: MessageBus;

  beforeAll(async () => {
    tracing = startTracing('traces-over-kafka', loadConfig({}).tracing, [new SimpleSpanProcessor(exporter)]);
    kafka = await makeTestKafkaBus();
    bus = tracedBus(kafka);
  });
  afterAll(async () => {
    await closeAndClean(kafka);
    await tracing?.shutdown();
  });

  it('continues the publisher’s trace in the consumer’s span, as a child of the publish', async () => {
    const topic = `traces.${uniqueSuffix()}`;
    const received: IncomingMessage[] = [];
    await bus.subscribe(
      { topics: [topic], groupId: `traces-${uniqueSuffix()}`, fromBeginning: true },
      async (m) => {
        received.push(m);
      },
    );

    await withSpan('POST /v1/payment', { kind: SpanKind.SERVER }, () =>
      bus.publish(topic, [{ key: 'payment-1', value: { paymentId: 1 } }]),
    );

    const deadline = Date.now() + 20_000;
    while (!exporter.getFinishedSpans().some((span) => span.name === `process ${topic}`)) {
      if (Date.now() > deadline) throw new Error('no consumer span in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'POST /v1/payment')!;
    const publish = spans.find((span) => span.name === `publish ${topic}`)!;
    const process = spans.find((span) => span.name === `process ${topic}`)!;
    const traceId = request.spanContext().traceId;

    expect(received[0]!.headers.traceparent).toMatch(
      new RegExp(`^00-${traceId}-${publish.spanContext().spanId}-01$`),
    );
    expect([publish, process].map((span) => span.spanContext().traceId)).toEqual([traceId, traceId]);
    expect(publish.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(process.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect([publish.kind, process.kind]).toEqual([SpanKind.PRODUCER, SpanKind.CONSUMER]);
  });
});
