import { SpanKind, SpanStatusCode, startSpan, tracingIsOn } from '@gw/platform';
import type Redis from 'ioredis';

/** What ioredis hands sendCommand: the command's name and the promise it settles with the reply. */
interface SentCommand {
  name: string;
  promise: Promise<unknown>;
}

/**
 * A client span per Redis command (`evalsha`, `get`…), made where ioredis sends it (the instance's
 * sendCommand, the method OpenTelemetry's ioredis instrumentation patches), so it is a child of the
 * work that asked and works in the esbuild bundle, where a require hook never sees ioredis. A command
 * queued while disconnected is sent again on reconnect: it keeps its one span. Only while tracing is
 * on; no arguments are recorded (keys name merchants and payments, values hold their data).
 */
export function traceRedisCommands(redis: Redis, server: { host: string; port: number }): void {
  if (!tracingIsOn()) return;
  const traced = new WeakSet<object>();
  const send = redis.sendCommand.bind(redis) as (command: SentCommand, ...rest: unknown[]) => unknown;
  const sendCommand = (command: SentCommand, ...rest: unknown[]) => {
    if (tracingIsOn() && !traced.has(command)) {
      traced.add(command);
      const { span } = startSpan(command.name, {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'redis',
          'db.operation.name': command.name,
          'server.address': server.host,
          'server.port': server.port,
        },
      });
      command.promise.then(
        () => span.end(),
        (error: Error) => {
          span.recordException(error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
          span.end();
        },
      );
    }
    return send(command, ...rest);
  };
  (redis as unknown as { sendCommand: typeof sendCommand }).sendCommand = sendCommand;
}
