import express, { type RequestHandler } from 'express';
import {
  BadRequestError,
  JsonTooDeepError,
  MalformedJsonError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from './errors';
import { parseJsonExactly } from './exact-json';
import { DEFAULT_MAX_JSON_DEPTH, jsonDepth } from './json-depth';

export type BodyFormat = 'json' | 'form';

export interface BodyParserOptions {
  /** Largest accepted body after decompression. Default 100 KiB. */
  limitBytes?: number;
  /** Formats the route accepts; any other Content-Type on a non-empty body is a 415. Default json only. */
  accept?: readonly BodyFormat[];
  /** Deepest accepted JSON nesting. Default 32. */
  maxDepth?: number;
}

export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;

const MEDIA_TYPES: Record<BodyFormat, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the body once, keeps its exact bytes on `req.rawBody` (family A signs them) and puts the parsed
 * value on `req.body`; a JSON number literal a double cannot hold as written stays its exact text
 * ({@link parseJsonExactly}), so no request rule ever sees a silently rounded number. An empty body parses to `{}`, because some SDKs send nothing for parameterless calls.
 * Failures reach next() as HttpError subclasses (400, 413, 415) for the family's error handler.
 */
export function parseBody(options: BodyParserOptions = {}): RequestHandler {
  const limitBytes = options.limitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const accept = options.accept ?? ['json'];
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const readBytes = express.raw({ type: () => true, limit: limitBytes, inflate: true });

  return (req, res, next) => {
    // Already read, by us or by another body parser (which leaves no raw bytes to recover).
    if (req.rawBody !== undefined || (req as { _body?: boolean })._body) return next();
    readBytes(req, res, (readError?: unknown) => {
      if (readError) return next(toHttpError(readError, limitBytes));
      const raw: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      req.rawBody = raw;
      req.body = {};
      if (raw.length === 0) return next();
      try {
        const format = negotiate(req.headers['content-type'], accept);
        const text = decodeUtf8(raw);
        req.body = format === 'json' ? parseJson(text, maxDepth) : parseForm(text);
        next();
      } catch (error) {
        next(error);
      }
    });
  };
}

export function jsonBody(options: Omit<BodyParserOptions, 'accept'> = {}): RequestHandler {
  return parseBody({ ...options, accept: ['json'] });
}

export function formBody(options: Omit<BodyParserOptions, 'accept' | 'maxDepth'> = {}): RequestHandler {
  return parseBody({ ...options, accept: ['form'] });
}

function negotiate(contentType: string | undefined, accept: readonly BodyFormat[]): BodyFormat {
  const [mediaType = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim());
  const essence = mediaType.toLowerCase();
  const format = accept.find(
    (candidate) =>
      essence === MEDIA_TYPES[candidate] ||
      (candidate === 'json' && /^application\/[a-z0-9.+-]+\+json$/.test(essence)),
  );
  if (!format) {
    const shown = contentType ? `"${contentType}"` : '(none)';
    throw new UnsupportedMediaTypeError(
      `Unsupported Content-Type ${shown}; send ${accept.map((f) => MEDIA_TYPES[f]).join(' or ')}`,
    );
  }
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=').map((part) => part.trim());
    const charset = value.replace(/^"(.*)"$/, '$1').toLowerCase();
    if (name.toLowerCase() === 'charset' && charset !== 'utf-8' && charset !== 'utf8') {
      throw new UnsupportedMediaTypeError(`Unsupported charset "${charset}"; send utf-8`);
    }
  }
  return format;
}

function decodeUtf8(raw: Buffer): string {
  try {
    return utf8.decode(raw);
  } catch (error) {
    throw new BadRequestError('Request body is not valid UTF-8', 'invalid_encoding', { cause: error });
  }
}

function parseJson(text: string, maxDepth: number): unknown {
  if (jsonDepth(text, maxDepth) > maxDepth) throw new JsonTooDeepError(maxDepth);
  let value: unknown;
  try {
    value = parseJsonExactly(text);
  } catch (error) {
    throw new MalformedJsonError((error as Error).message, { cause: error });
  }
  if (value === null || typeof value !== 'object')
    throw new MalformedJsonError('the body must be a JSON object or array');
  return value;
}

/** Repeated keys become arrays; built with fromEntries so a key named __proto__ stays a plain property. */
function parseForm(text: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = fields.get(key);
    fields.set(
      key,
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value],
    );
  }
  return Object.fromEntries(fields);
}

interface BodyReadError {
  status?: number;
  type?: string;
  message?: string;
}

function toHttpError(error: unknown, limitBytes: number): unknown {
  const { status, type, message } = (error ?? {}) as BodyReadError;
  if (status === 413) return new PayloadTooLargeError(limitBytes, { cause: error });
  if (status === 415)
    return new UnsupportedMediaTypeError(message ?? 'Unsupported content encoding', { cause: error });
  if (status !== undefined && status >= 400 && status < 500) {
    return new BadRequestError(
      message ?? 'Request body could not be read',
      type === 'request.aborted' ? 'request_aborted' : 'body_unreadable',
      { cause: error },
    );
  }
  return error;
}
