import type { Cache } from '@gw/cache';
import type { Clock } from '@gw/platform';
import type { Request, RequestHandler, Response } from 'express';
import type { RateLimitRefusals } from '@gw/platform';

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const RATE_LIMIT_HEADER = 'x-ratelimit-limit';
export const RATE_LIMIT_REMAINING_HEADER = 'x-ratelimit-remaining';

export interface RateLimitRejection {
  /** Requests allowed per window. */
  limit: number;
  /** Whole seconds until the window ends, at least 1; also sent as `Retry-After`. */
  retryAfterSeconds: number;
}

export interface RateLimitOptions {
  cache: Cache;
  clock: Clock;
  /** The API family; each family's limit counts apart (`v1`, `alpha`, `beta`). */
  family: string;
  /** Requests allowed per client per minute; 0 turns the limiter off. */
  limitPerMinute: number;
  /**
   * The merchant whose credentials this request carries, verified, or null to count the request against
   * the client's IP. Only verified credentials pick the bucket: a made-up key must not buy a fresh
   * bucket, and a merchant's bucket must not be drained by someone who cannot sign as that merchant.
   */
  merchantIdOf(req: Request): Promise<string | null>;
  /** Writes the 429 in the family's error shape; `Retry-After` is already set. */
  renderRejection(req: Request, res: Response, rejection: RateLimitRejection): void;
  /** Where each refusal is counted under `family` (the process's rate_limit_refusals_total). */
  refusals: RateLimitRefusals;
  onStoreError?(error: unknown, req: Request): void;
}

/**
 * A fixed-window limit per client and family over the Cache port: one counter per client per minute,
 * named by the window's start, so the count needs nothing but an atomic increment (Redis in production,
 * memory when embedded) and every replica shares it. Over the limit the request is refused with 429 and
 * `Retry-After` until the window ends. A fixed window may let up to twice the limit through around a
 * window boundary; that is the price of a single increment per request.
 *
 * When the cache fails the request goes through: an outage of the limiter must not become an outage of
 * the API.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const { cache, clock, family, limitPerMinute: limit } = options;
  if (limit === 0) return (_req, _res, next) => next();

  return (req, res, next) => {
    void (async () => {
      const now = clock.now().getTime();
      const windowStart = now - (now % RATE_LIMIT_WINDOW_MS);
      const merchantId = await options.merchantIdOf(req);
      const client =
        merchantId === null
          ? `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`
          : `merchant:${merchantId}`;
      const count = await cache.increment(
        `rate-limit:${family}:${client}:${windowStart}`,
        RATE_LIMIT_WINDOW_MS,
      );
      res.set(RATE_LIMIT_HEADER, String(limit));
      res.set(RATE_LIMIT_REMAINING_HEADER, String(Math.max(0, limit - count)));
      if (count <= limit) return next();
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + RATE_LIMIT_WINDOW_MS - now) / 1000));
      res.set('Retry-After', String(retryAfterSeconds));
      options.refusals.count(family);
      options.renderRejection(req, res, { limit, retryAfterSeconds });
    })().catch((error: unknown) => {
      options.onStoreError?.(error, req);
      if (!res.headersSent) next();
    });
  };
}
