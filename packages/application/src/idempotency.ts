import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cache } from '@gw/cache';
import { sha256Hex } from '@gw/platform';
import type { Request, RequestHandler, Response } from 'express';
import { attachKeyedCreate, KeyedCreate } from './keyed-create';

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
  /** The time a first attempt records as its start (numeric ids carry it). Default: the system clock. */
  now?: () => Date;
}

/**
 * What the key's slot holds: from the first attempt's start, the request it belongs to and when it
 * began (an intent, written before anything runs); once a 2xx answer is sent, that answer too.
 */
interface SlotRecord {
  fingerprint: string;
  /** Milliseconds since the epoch; absent in answers stored before intents were recorded. */
  startedAt?: number;
  /**
   * Names the first attempt, so a key freed by a 4xx and used again within the same millisecond seeds
   * new ids; absent in intents recorded before it was.
   */
  attempt?: string;
  status?: number;
  contentType?: string | null;
  body?: string;
}

type StoredResponse = Required<Pick<SlotRecord, 'fingerprint' | 'status' | 'body'>> &
  Pick<SlotRecord, 'contentType'>;

const isAnswer = (record: SlotRecord): record is StoredResponse =>
  record.status !== undefined && record.body !== undefined;

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
 * "in progress" if none came. Failed attempts (non-2xx) are not stored; a refused one (4xx) created
 * nothing, so a corrected retry with the same key proceeds.
 *
 * Before the first attempt runs, its intent (fingerprint and start time) is stored under the key, and
 * the handler gets a KeyedCreate (keyedCreateOf(res)) from which it derives its command and aggregate
 * ids: an attempt that dies after its create was committed but before its answer was stored (kill -9)
 * leaves the intent, so the retry (after the lock expires) runs with the same ids, finds the stream the
 * first attempt wrote and answers from it, marked as a replay. Only a 4xx forgets the intent (nothing was
 * created); after a 5xx or a crash the outcome is unknown, so the key stays bound to its body (another
 * body is refused with 409) and a retry with the same body resumes.
 *
 * Mount after authentication and after the body parser (it hashes `req.rawBody`).
 */
export function idempotency(options: IdempotencyOptions): RequestHandler {
  const ttlMs = options.ttlMs ?? DAY_MS;
  const lockTtlMs = options.lockTtlMs ?? 60_000;
  const waitMs = options.waitMs ?? 10_000;
  const pollIntervalMs = options.pollIntervalMs ?? 25;
  const now = options.now ?? (() => new Date());
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

    /** Runs the request holding the lock: as a new attempt, or resuming one that left an intent. */
    const runFirst = async (): Promise<void> => {
      const release = () => cache.delete(lockSlot);
      let recorded: SlotRecord | null;
      let intent: SlotRecord;
      try {
        recorded = await readSlot(cache, slot);
        if (recorded && isAnswer(recorded)) {
          await release();
          return replayOrRefuse(recorded);
        }
        if (recorded && recorded.fingerprint !== fingerprint) {
          await release();
          return refuseReuse(req, res, options);
        }
        intent = recorded ?? { fingerprint, startedAt: now().getTime(), attempt: randomUUID() };
        // Durable before anything runs: a crash from here on leaves the key bound to this request.
        if (!recorded) await cache.set(slot, JSON.stringify(intent), ttlMs);
      } catch (error) {
        await release().catch(() => undefined);
        throw error;
      }
      const startedAt = intent.startedAt ?? now().getTime();
      let replayed = false;
      const markReplayed = () => {
        replayed = true;
      };
      attachKeyedCreate(
        res,
        new KeyedCreate(
          [slot, startedAt, intent.attempt].filter((part) => part !== undefined).join(':'),
          new Date(startedAt),
          recorded !== null,
          markReplayed,
        ),
      );
      captureOutcome(req, res, {
        store: (response) => cache.set(slot, JSON.stringify({ ...intent, ...response }), ttlMs),
        forget: () => cache.delete(slot),
        release,
        replayed: () => replayed,
        onStoreError: options.onStoreError,
      });
      next();
    };

    const run = async (): Promise<void> => {
      const stored = await readSlot(cache, slot);
      if (stored && isAnswer(stored)) return replayOrRefuse(stored);

      if (await cache.setIfAbsent(lockSlot, fingerprint, lockTtlMs)) return runFirst();

      const deadline = Date.now() + waitMs;
      for (;;) {
        const holder = await cache.get(lockSlot);
        if (holder !== null && holder !== fingerprint) return refuseReuse(req, res, options);
        const finished = await readSlot(cache, slot);
        if (finished && isAnswer(finished)) return replayOrRefuse(finished);
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

async function readSlot(cache: Cache, slot: string): Promise<SlotRecord | null> {
  const raw = await cache.get(slot);
  return raw === null ? null : (JSON.parse(raw) as SlotRecord);
}

function refuseReuse(req: Request, res: Response, options: IdempotencyOptions): void {
  options.renderError(req, res, {
    status: 409,
    code: 'IDEMPOTENCY_KEY_REUSED',
    message:
      'This Idempotency-Key was already used with a different request body or endpoint; use a new key for a new request',
  });
}

interface OutcomeHooks {
  /** Stores a 2xx answer under the key. */
  store: (response: Omit<StoredResponse, 'fingerprint'>) => Promise<void>;
  /** Forgets the intent: the attempt was refused (4xx) and created nothing. */
  forget: () => Promise<void>;
  release: () => Promise<void>;
  /** Whether the handler answered with what an earlier attempt committed. */
  replayed: () => boolean;
  onStoreError?: (error: unknown, req: Request) => void;
}

/**
 * Holds back the response body until a 2xx result is stored, then releases the lock. A 4xx forgets the
 * intent as well; a 5xx or a closed connection only releases the lock (the outcome is unknown, the
 * intent stays for the retry to resume).
 */
function captureOutcome(req: Request, res: Response, hooks: OutcomeHooks): void {
  const originalSend = res.send.bind(res);
  let released = false;
  const report = (error: unknown) => hooks.onStoreError?.(error, req);
  const release = () => {
    if (released) return;
    released = true;
    hooks.release().catch(report);
  };
  res.once('close', release);

  res.send = ((body?: unknown) => {
    res.send = originalSend;
    if (res.statusCode < 200 || res.statusCode >= 300 || typeof body !== 'string') {
      const refused = res.statusCode >= 400 && res.statusCode < 500;
      (refused ? hooks.forget() : Promise.resolve()).catch(report).finally(() => {
        release();
        originalSend(body);
      });
      return res;
    }
    if (hooks.replayed()) res.setHeader(IDEMPOTENT_REPLAY_HEADER, 'true');
    const contentType = res.getHeader('content-type');
    hooks
      .store({
        status: res.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body,
      })
      .catch(report)
      .finally(() => {
        release();
        originalSend(body);
      });
    return res;
  }) as Response['send'];
}
