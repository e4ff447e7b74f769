import {
  context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { TracingConfig, TracesSampler } from './config-tracing';
import { traceOutgoingHttp } from './tracing-outgoing-http';

export { SpanKind, SpanStatusCode };
export type { Span, SpanProcessor };

/** The W3C Trace Context header a message or stored record carries its trace in. */
export const TRACEPARENT = 'traceparent';

export interface Tracing {
  /** Exports the spans still buffered and uninstalls the provider. */
  shutdown(): Promise<void>;
}

/**
 * Installs this process's tracer provider, W3C Trace Context propagation, the async context that
 * carries the active span through awaits, and client spans for outgoing HTTP (tracing-outgoing-http.ts).
 * MongoDB and Redis clients made while it is on trace their commands (packages/store, packages/cache). Off (null: every span is a no-op, no header is written)
 * unless an OTLP endpoint is configured or span processors are given (tests hand an in-memory exporter).
 * `defaultServiceName` names the process unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES does.
 */
export function startTracing(
  defaultServiceName: string,
  config: TracingConfig,
  processors?: SpanProcessor[],
): Tracing | null {
  const spanProcessors =
    processors ??
    (config.otlpEndpoint
      ? [
          new BatchSpanProcessor(
            new OTLPTraceExporter({ url: config.otlpEndpoint, headers: { ...config.headers } }),
          ),
        ]
      : []);
  if (spanProcessors.length === 0) return null;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes(resourceAttributesOf(defaultServiceName, config)),
    sampler: samplerOf(config.sampler),
    spanProcessors,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracingOn = true;
  const untraceOutgoingHttp = traceOutgoingHttp();
  return {
    async shutdown() {
      untraceOutgoingHttp();
      await provider.shutdown();
      tracingOn = false;
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** The resource of every span: OTEL_RESOURCE_ATTRIBUTES, `service.name` by the specification's precedence. */
export function resourceAttributesOf(
  defaultServiceName: string,
  config: Pick<TracingConfig, 'serviceName' | 'resourceAttributes'>,
): Record<string, string> {
  const serviceName = config.serviceName ?? config.resourceAttributes['service.name'] ?? defaultServiceName;
  return { ...config.resourceAttributes, 'service.name': serviceName };
}

/** OTEL_TRACES_SAMPLER as the SDK builds it; a parent-based sampler follows an incoming trace's decision. */
export function samplerOf({ name, ratio }: TracesSampler): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

/**
 * Whether a tracer provider is installed in this process. Off, every span would be a no-op: the hooks
 * below then skip making one (a context, a span object, header copies and a close listener per request
 * and per message, ~2-4 % of a create's CPU) and run the work directly.
 */
let tracingOn = false;
export const tracingIsOn = (): boolean => tracingOn;

/**
 * The active span's ids as log fields (`trace_id`, `span_id`, `trace_flags`, the names OpenTelemetry's
 * log data model and its pino instrumentation use), so a log line leads to its trace; null without one.
 */
export function activeSpanLogFields(): { trace_id: string; span_id: string; trace_flags: string } | null {
  if (!tracingOn) return null;
  const spanContext = trace.getSpan(context.active())?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return null;
  return {
    trace_id: spanContext.traceId,
    span_id: spanContext.spanId,
    trace_flags: spanContext.traceFlags.toString(16).padStart(2, '0'),
  };
}

/** The span work gets while tracing is off: records nothing, like the API's own no-op spans. */
const NO_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

const tracer = () => trace.getTracer('cryptogate');

export interface SpanOptions {
  kind: SpanKind;
  attributes?: Attributes;
  /** The context the span continues; the active one by default. */
  parent?: Context;
}

/** Runs `work` inside a new span, active for everything it awaits; a throw marks the span failed. */
export function withSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  if (!tracingOn) {
    try {
      return work(NO_SPAN);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  const { kind, attributes, parent = context.active() } = options;
  return tracer().startActiveSpan(name, { kind, attributes }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Starts a span that the caller ends, and the context in which it is the active one. */
export function startSpan(name: string, options: SpanOptions): { span: Span; context: Context } {
  if (!tracingOn) return { span: NO_SPAN, context: options.parent ?? context.active() };
  const { kind, attributes, parent = context.active() } = options;
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `work` with `ctx` as the active context (express middleware continuing a request's span). */
export const runInContext = <T>(ctx: Context, work: () => T): T => context.with(ctx, work);

/** The active trace as W3C headers (`traceparent`, `tracestate`); empty when tracing is off. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(ctx, headers);
  return headers;
}

/** The active trace's `traceparent`, to store beside work that continues later (an outbox commit, a webhook). */
export const activeTraceparent = (): string | undefined => traceHeaders()[TRACEPARENT];

/** The trace context carried by headers (a message's, a request's, or a stored `traceparent`). */
export function traceContextOf(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}
