import { TRACES_SAMPLERS, type TracesSamplerName } from './config-docs';
import { parseOneOf, parseRatio, parseUrl } from './config-values';

export interface TracesSampler {
  name: TracesSamplerName;
  /** The share of traces a `*traceidratio` sampler records, 0 to 1 (OTEL_TRACES_SAMPLER_ARG). */
  ratio: number;
}

/** Tracing, from the OpenTelemetry SDK's standard variables. */
export interface TracingConfig {
  /**
   * Where traces go over OTLP/HTTP: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else
   * OTEL_EXPORTER_OTLP_ENDPOINT with `v1/traces` appended; null: no spans are recorded.
   */
  otlpEndpoint: string | null;
  /**
   * Headers sent with every export (a collector's API key): OTEL_EXPORTER_OTLP_HEADERS, with
   * OTEL_EXPORTER_OTLP_TRACES_HEADERS over it name by name, as the SDK combines them.
   */
  headers: Readonly<Record<string, string>>;
  /** OTEL_SERVICE_NAME; null: `service.name` of OTEL_RESOURCE_ATTRIBUTES, else `cryptogate-<SERVICE>`. */
  serviceName: string | null;
  /** OTEL_RESOURCE_ATTRIBUTES, decoded: every span's resource carries them. */
  resourceAttributes: Readonly<Record<string, string>>;
  sampler: Readonly<TracesSampler>;
}

/** What config.ts's reader offers; kept structural so this file does not import it back. */
export interface TracingConfigReader {
  raw(variable: string): string | undefined;
  read<T>(variable: string, parse: (raw: string) => T, fallback: T): T;
}

/** `v1/traces` under the base URL, as the specification builds a signal's URL from OTEL_EXPORTER_OTLP_ENDPOINT. */
export function tracesUrlOf(base: string): string {
  return `${base}${base.endsWith('/') ? '' : '/'}v1/traces`;
}

/**
 * `key1=value1,key2=value2`, keys and values percent-encoded (the W3C Baggage format the spec uses for
 * OTEL_RESOURCE_ATTRIBUTES and the OTEL_EXPORTER_OTLP_*HEADERS).
 */
export function parseKeyValueList(raw: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const pair of raw.split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    const key = at < 0 ? '' : decode(pair.slice(0, at).trim());
    if (key === '') throw new Error(`must be key=value pairs separated by commas; "${pair.trim()}" is not`);
    attributes[key] = decode(pair.slice(at + 1).trim());
  }
  return attributes;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** OTEL_EXPORTER_OTLP_*HEADERS: a key=value list whose keys are HTTP header names (lower-cased, so one overrides another by name). */
export function parseOtlpHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseKeyValueList(raw))) {
    if (!HEADER_NAME.test(name)) throw new Error(`"${name}" is not an HTTP header name`);
    if (/[\r\n\0]/.test(value)) throw new Error(`the value of ${name} holds a line break`);
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Error(`"${text}" is not percent-encoded correctly`);
  }
}

const httpUrl = (raw: string) => parseUrl(raw, ['http:', 'https:']);

export function readTracing(reader: TracingConfigReader): TracingConfig {
  const tracesEndpoint = reader.read('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', httpUrl, null);
  const baseEndpoint = reader.read('OTEL_EXPORTER_OTLP_ENDPOINT', httpUrl, null);
  // OTEL_TRACES_SAMPLE_RATIO (deprecated): a ratio without a sampler named is parentbased_traceidratio.
  const legacyRatio = reader.read('OTEL_TRACES_SAMPLE_RATIO', parseRatio, null);
  const name = reader.read(
    'OTEL_TRACES_SAMPLER',
    (raw) => parseOneOf(raw, TRACES_SAMPLERS),
    legacyRatio === null ? 'parentbased_always_on' : 'parentbased_traceidratio',
  );
  const ratio = reader.read('OTEL_TRACES_SAMPLER_ARG', parseRatio, legacyRatio ?? 1);
  return {
    otlpEndpoint: tracesEndpoint ?? (baseEndpoint === null ? null : tracesUrlOf(baseEndpoint)),
    headers: {
      ...reader.read('OTEL_EXPORTER_OTLP_HEADERS', parseOtlpHeaders, {}),
      ...reader.read('OTEL_EXPORTER_OTLP_TRACES_HEADERS', parseOtlpHeaders, {}),
    },
    serviceName: reader.read('OTEL_SERVICE_NAME', (raw) => raw, null),
    resourceAttributes: reader.read('OTEL_RESOURCE_ATTRIBUTES', parseKeyValueList, {}),
    sampler: { name, ratio },
  };
}
