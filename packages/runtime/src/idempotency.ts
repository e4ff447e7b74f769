import { setTimeout as sleep } from 'node:timers/promises';
import type { Cache } from '@gw/cache';
import { sha256Hex } from '@gw/platform';
import type { Request, RequestHandler, Response } from 'express';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

export type IdempotencyFailureCode =
  /** The header is present but empty, too long or not printable ASCII (400). */
  | 'IDEMPOTENCY_KEY_INVALID'
  /** The key was already used for a request with another body or endpoint (409). */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** The first request with this key is still running after the wait (409). */
  | 'IDEMPOTENCY_REQUEST_IN_PROGRESS';

export interface IdempotencyFailure {
  status: 400 | 409;
  code: IdempotencyFailureCode;
  message: string;
}

export interface IdempotencyOptions {
  /** Where answers and locks are kept: a cache whose entries outlive a restart (ServiceContext.idempotencyRecords). */
  cache: Cache;
  /** Whose key space the request belongs to (the authenticated merchant); keys of two merchants never meet. */
  scopeOf(req: Request, res: Response): string;
  /** Writes a failure in the family's error shape. */
  renderError(req: Request, res: Response, failure: IdempotencyFailure): void;
  /** How long a stored response is replayed. Default 24 h. */
  ttlMs?: number;
  /** How long the in-flight lock lives if its holder dies; longer than the slowest request. Default 60 s. */
  lockTtlMs?: number;
  /** How long a concurrent duplicate waits for the first response before it is refused. Default 10 s. */
  waitMs?: number;
  pollIntervalMs?: number;
  onStoreError?(error: unknown, req: Request): void;
}

interface StoredResponse {
  fingerprint: string;
  status: number;
  contentType: string | null;
  body: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` for creating POSTs, through the Cache port (in-memory or Redis alike).
 *
 * The first request with a key takes a lock (setIfAbsent), runs, and stores its 2xx response before the
 * response leaves, so a retry arriving right after sees it. A retry with the same key and the same
 * method, path and body bytes gets the stored status and body back. The same key with another body or
 * endpoint is refused with 409 (the request differs, so replaying would lie and re-running would
 * duplicate). A duplicate arriving while the first still runs waits for its response, then gets 409
 * "in progress" if none came. Failed attempts (non-2xx) are not stored: they created nothing, so a
 * corrected retry with the same key proceeds.
 *
 * Mount after authentication and after the body parser (it hashes `req.rawBody`).
 */
export function idempotency(options: IdempotencyOptions): RequestHandler {
  const ttlMs = options.ttlMs ?? DAY_MS;
  const lockTtlMs = options.lockTtlMs ?? 60_000;
  const waitMs = options.waitMs ?? 10_000;
  const pollIntervalMs = options.pollIntervalMs ?? 25;
  const { cache } = options;

  return (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!VALID_KEY.test(key)) {
      return options.renderError(req, res, {
        status: 400,
        code: 'IDEMPOTENCY_KEY_INVALID',
        message: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
      });
    }
    const slot = `idempotency:${sha256Hex(options.scopeOf(req, res))}:${sha256Hex(key)}`;
    const lockSlot = `${slot}:lock`;
    const fingerprint = fingerprintOf(req);

    const replayOrRefuse = (stored: StoredResponse): void => {
      if (stored.fingerprint !== fingerprint) return refuseReuse(req, res, options);
      res.status(stored.status).setHeader(IDEMPOTENT_REPLAY_HEADER, 'true');
      if (stored.contentType) res.setHeader('content-type', stored.contentType);
      res.send(stored.body);
    };

    const run = async (): Promise<void> => {
      const stored = await readStored(cache, slot);
      if (stored) return replayOrRefuse(stored);

      if (await cache.setIfAbsent(lockSlot, fingerprint, lockTtlMs)) {
        captureSuccess(
          req,
          res,
          (response) => cache.set(slot, JSON.stringify({ ...response, fingerprint }), ttlMs),
          {
            release: () => cache.delete(lockSlot),
            onStoreError: options.onStoreError,
          },
        );
        return next();
      }

      const deadline = Date.now() + waitMs;
      for (;;) {
        const holder = await cache.get(lockSlot);
        if (holder !== null && holder !== fingerprint) return refuseReuse(req, res, options);
        const finished = await readStored(cache, slot);
        if (finished) return replayOrRefuse(finished);
        if (holder === null) {
          // The first attempt ended without a stored success; this retry may run in its place.
          return run();
        }
        if (Date.now() >= deadline) {
          return options.renderError(req, res, {
            status: 409,
            code: 'IDEMPOTENCY_REQUEST_IN_PROGRESS',
            message: 'A request with this Idempotency-Key is still in progress; retry later',
          });
        }
        await sleep(pollIntervalMs);
      }
    };

    run().catch(next);
  };
}

/** Method, path and exact body bytes: what makes two requests "the same request". */
export function fingerprintOf(req: Request): string {
  const path = (req.originalUrl ?? req.url).split('?')[0] ?? '';
  return sha256Hex(Buffer.concat([Buffer.from(`${req.method} ${path}\n`), req.rawBody ?? Buffer.alloc(0)]));
}

async function readStored(cache: Cache, slot: string): Promise<StoredResponse | null> {
  const raw = await cache.get(slot);
  return raw === null ? null : (JSON.parse(raw) as StoredResponse);
}

function refuseReuse(req: Request, res: Response, options: IdempotencyOptions): void {
  options.renderError(req, res, {
    status: 409,
    code: 'IDEMPOTENCY_KEY_REUSED',
    message:
      'This Idempotency-Key was already used with a different request body or endpoint; use a new key for a new request',
  });
}

/**
 * Holds back the response body until a 2xx result is stored, then releases the lock. Any other
 * outcome (an error, a closed connection) only releases the lock.
 */
function captureSuccess(
  req: Request,
  res: Response,
  store: (response: Omit<StoredResponse, 'fingerprint'>) => Promise<void>,
  hooks: { release: () => Promise<void>; onStoreError?: (error: unknown, req: Request) => void },
): void {
  const originalSend = res.send.bind(res);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    hooks.release().catch((error: unknown) => hooks.onStoreError?.(error, req));
  };
  res.once('close', release);

  res.send = ((body?: unknown) => {
    res.send = originalSend;
    if (res.statusCode < 200 || res.statusCode >= 300 || typeof body !== 'string') {
      release();
      return originalSend(body);
    }
    const contentType = res.getHeader('content-type');
    store({ status: res.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body })
      .catch((error: unknown) => hooks.onStoreError?.(error, req))
      .finally(() => {
        release();
        originalSend(body);
      });
    return res;
  }) as Response['send'];
}
