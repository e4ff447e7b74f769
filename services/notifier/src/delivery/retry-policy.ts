import type { Family } from '@gw/domain';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Waits after each failed attempt, then the delivery is dead.
 *
 * Family B keeps OxaPay's documented schedule exactly: 5 attempts, the 2nd ~1 min after the 1st, then
 * +3 min, +30 min, +3 h; no jitter. V1 and family A (whose upstreams document nothing fixed) back off
 * exponentially over ~7 hours: 10 s, 30 s, 2 min, 10 min, 1 h, 6 h — 7 attempts — each wait jittered
 * by ±20 % so a merchant that comes back is not hit by every queued webhook in the same second.
 */
export const RETRY_DELAYS_MS: Record<Family, readonly number[]> = {
  v1: [10 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR],
  alpha: [10 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR],
  beta: [MINUTE, 3 * MINUTE, 30 * MINUTE, 3 * HOUR],
};

const JITTER: Record<Family, number> = { v1: 0.2, alpha: 0.2, beta: 0 };

export interface RetryPolicy {
  /** Wait before the next attempt after `failedAttempts` failures in this cycle; null when it is time to give up. */
  delayAfter(family: Family, failedAttempts: number, random: () => number): number | null;
}

/** `scale` multiplies every wait (tests use small values; 1 in production). */
export function retryPolicy(scale = 1): RetryPolicy {
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new RangeError(`retry scale must be a positive number, got ${scale}`);
  return {
    delayAfter(family, failedAttempts, random) {
      const base = RETRY_DELAYS_MS[family][failedAttempts - 1];
      if (base === undefined) return null;
      const jitter = JITTER[family] * (2 * random() - 1);
      return Math.max(0, Math.round(base * (1 + jitter) * scale));
    },
  };
}

export const maxAttempts = (family: Family): number => RETRY_DELAYS_MS[family].length + 1;
