import { SpanKind, SpanStatusCode, startSpan, tracingIsOn, type Span } from '@gw/platform';
import type {
  CommandFailedEvent,
  CommandStartedEvent,
  CommandSucceededEvent,
  MongoClient,
  MongoClientOptions,
} from 'mongodb';

/**
 * The driver's command monitoring, on only while tracing is on: a monitored command costs a copy of
 * its reply, which an untraced process has no use for. Make the client after tracing starts.
 */
export const commandMonitoring = (): Pick<MongoClientOptions, 'monitorCommands'> => ({
  monitorCommands: tracingIsOn(),
});

/**
 * A client span per MongoDB command (`find gateway.payments`), from the driver's own command events:
 * they fire inside the caller's async context, so each span is a child of the work that sent the
 * command, and they work in the esbuild bundle, where a require hook never sees the driver. Attributes
 * follow OpenTelemetry's database conventions; no query text (it holds merchants' data).
 */
export function traceMongoCommands(client: MongoClient): void {
  if (!client.options.monitorCommands) return;
  const spans = new Map<string, Span>();
  const keyOf = (event: { address: string; requestId: number }) => `${event.address}#${event.requestId}`;
  client.on('commandStarted', (event: CommandStartedEvent) => {
    if (!tracingIsOn()) return;
    const target: unknown = event.command[event.commandName];
    const collection = typeof target === 'string' ? target : null;
    const at = event.address.lastIndexOf(':');
    const { span } = startSpan(
      `${event.commandName} ${event.databaseName}${collection ? `.${collection}` : ''}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'mongodb',
          'db.namespace': event.databaseName,
          'db.operation.name': event.commandName,
          ...(collection ? { 'db.collection.name': collection } : {}),
          'server.address': at < 0 ? event.address : event.address.slice(0, at),
          ...(at < 0 ? {} : { 'server.port': Number(event.address.slice(at + 1)) }),
        },
      },
    );
    spans.set(keyOf(event), span);
  });
  client.on('commandSucceeded', (event: CommandSucceededEvent) => {
    spans.get(keyOf(event))?.end();
    spans.delete(keyOf(event));
  });
  client.on('commandFailed', (event: CommandFailedEvent) => {
    const span = spans.get(keyOf(event));
    spans.delete(keyOf(event));
    if (!span) return;
    const error = event.failure;
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    span.end();
  });
}
