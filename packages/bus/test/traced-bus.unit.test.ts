import { loadConfig, startTracing, TRACEPARENT, withSpan, SpanKind, type SpanProcessor } from '@gw/platform';
import { tracedBus, type IncomingMessage, type MessageBus, type OutgoingMessage } from '../src';

/** A bus that records what reaches it. */
function recordingBus() {
  const published: OutgoingMessage[][] = [];
  let handler: ((message: IncomingMessage) => Promise<void>) | undefined;
  const bus: MessageBus = {
    publish: async (_topic, messages) => {
      published.push(messages);
    },
    subscribe: async (_options, handle) => {
      handler = handle;
      return { close: async () => undefined } as never;
    },
    consumerLag: async () => [],
    deadLetters: () => [],
    close: async () => undefined,
  };
  return { bus, published, deliver: (message: IncomingMessage) => handler!(message) };
}

interface EndedSpan {
  name: string;
  spanContext(): { traceId: string };
}

/** Keeps every span that ends. */
function endedSpans(): { processor: SpanProcessor; spans: EndedSpan[] } {
  const spans: EndedSpan[] = [];
  const processor = {
    onStart: () => undefined,
    onEnd: (span: EndedSpan) => spans.push(span),
    forceFlush: async () => undefined,
    shutdown: async () => undefined,
  } as unknown as SpanProcessor;
  return { processor, spans };
}

const message = (): OutgoingMessage => ({ key: 'payment-1', value: { type: 'PaymentCreated' } });

describe('tracedBus', () => {
  it('with tracing off, hands the messages on as they are: no span, no header copies', async () => {
    const inner = recordingBus();
    const messages = [message(), message()];

    await tracedBus(inner.bus).publish('payments.events', messages);

    expect(inner.published).toHaveLength(1);
    expect(inner.published[0]).toBe(messages);
    expect(inner.published[0]![0]).toBe(messages[0]);
  });

  it('with tracing on, stamps the active trace on each message and continues it in the consumer’s span', async () => {
    const ended = endedSpans();
    const tracing = startTracing('traced-bus-test', loadConfig({}).tracing, [ended.processor]);
    try {
      const inner = recordingBus();
      const bus = tracedBus(inner.bus);
      const seen: string[] = [];
      await bus.subscribe({ groupId: 'g', topics: ['payments.events'] } as never, async () => {
        seen.push('handled');
      });

      await withSpan('request', { kind: SpanKind.SERVER }, () => bus.publish('payments.events', [message()]));
      const [stamped] = inner.published[0]!;
      expect(stamped!.headers?.[TRACEPARENT]).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      await inner.deliver({ ...stamped, topic: 'payments.events' } as never);

      expect(seen).toEqual(['handled']);
      const spans = ended.spans;
      expect(spans.map((span) => span.name).sort()).toEqual([
        'process payments.events',
        'publish payments.events',
        'request',
      ]);
      const traces = new Set(spans.map((span) => span.spanContext().traceId));
      expect(traces.size).toBe(1);
    } finally {
      await tracing?.shutdown();
    }
  });
});
