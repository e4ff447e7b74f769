import { SpanKind, TRACEPARENT, traceContextOf, traceHeaders, tracingIsOn, withSpan } from '@gw/platform';
import type { MessageBus } from './message-bus';

/**
 * Carries traces across the bus in W3C Trace Context headers. A publish stamps each message with the
 * active trace unless it already carries its own (the outbox relay publishes each event in the trace of
 * the command that appended it); each delivery runs in a consumer span continuing the message's trace.
 */
export function tracedBus(bus: MessageBus): MessageBus {
  return {
    publish: (topic, messages) =>
      // Off, there is no trace to stamp: the messages go out as they are.
      !tracingIsOn()
        ? bus.publish(topic, messages)
        : withSpan(
            `publish ${topic}`,
            {
              kind: SpanKind.PRODUCER,
              attributes: {
                'messaging.destination.name': topic,
                'messaging.batch.message_count': messages.length,
              },
            },
            () => {
              const active = traceHeaders();
              return bus.publish(
                topic,
                messages.map((message) =>
                  message.headers?.[TRACEPARENT]
                    ? message
                    : { ...message, headers: { ...message.headers, ...active } },
                ),
              );
            },
          ),
    subscribe: (options, handler) =>
      bus.subscribe(options, (message) =>
        !tracingIsOn()
          ? handler(message)
          : withSpan(
              `process ${message.topic}`,
              {
                kind: SpanKind.CONSUMER,
                parent: traceContextOf(message.headers),
                attributes: {
                  'messaging.destination.name': message.topic,
                  'messaging.consumer.group.name': options.groupId,
                },
              },
              () => handler(message),
            ),
      ),
    consumerLag: () => bus.consumerLag(),
    deadLetters: () => bus.deadLetters(),
    close: () => bus.close(),
  };
}
