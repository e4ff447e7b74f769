import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config-docs';
import { withoutCredentials } from './http/url-credentials';
import { activeSpanLogFields } from './tracing';

export type { Logger } from 'pino';

const SECRET_HEADERS = [
  'x-api-key',
  'sign',
  'merchant_api_key',
  'authorization',
  'hmac',
  'x-nowpayments-sig',
  'cookie',
  'set-cookie',
];
const SECRET_FIELDS = [
  'sign',
  'merchant_api_key',
  'apiKey',
  'api_key',
  'paymentKey',
  'payoutKey',
  'ipnSecret',
  'ipn_secret',
  'password',
  'token',
  'adminToken',
  'masterKey',
  'hmac',
  'authorization',
];
const HEADER_HOLDERS = [
  'headers',
  'req.headers',
  'res.headers',
  'request.headers',
  'response.headers',
  '*.headers',
];

/** Redacted wherever they appear at the top level or up to two objects deep, and in any logged headers. */
export const REDACTED_PATHS: readonly string[] = [
  ...HEADER_HOLDERS.flatMap((holder) => SECRET_HEADERS.map((header) => `${holder}["${header}"]`)),
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Fields that hold a request target or URL: credentials in their query strings are censored. */
const URL_FIELDS = ['url', 'target'] as const;
const urlWithoutCredentials = (value: unknown): unknown =>
  typeof value === 'string' ? withoutCredentials(value) : value;

export interface LoggerOptions {
  level: LogLevel;
  /** Added to every line, so logs from services sharing a process can be told apart. */
  service?: string;
  /** Where lines go; standard output when omitted. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: options.service ? { service: options.service } : {},
      redact: { paths: [...REDACTED_PATHS], censor: '[Redacted]' },
      serializers: Object.fromEntries(URL_FIELDS.map((field) => [field, urlWithoutCredentials])),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A line logged while a span is active carries its trace: from a log line to the trace and back.
      mixin: () => activeSpanLogFields() ?? {},
    },
    options.destination,
  );
}

/** The logger for one HTTP request: every line carries its request id. */
export function requestLogger(
  base: Logger,
  requestId: string,
  bindings: Record<string, unknown> = {},
): Logger {
  return base.child({ reqId: requestId, ...bindings });
}
