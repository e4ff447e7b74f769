import { randomBytes } from 'node:crypto';
import type { Cache } from '@gw/cache';
import { sha256Hex, type Clock } from '@gw/platform';

/** Who signed in: a merchant with its API key, or the operator with the admin token. */
export type Principal = { kind: 'merchant'; merchantId: string } | { kind: 'admin' };

export interface DashboardSession {
  principal: Principal;
  /** The merchant whose data the pages show: the merchant itself, or the one the operator switched to. */
  merchantId: string | null;
  /** Every form of the session carries it; a post without it is refused. */
  csrfToken: string;
  expiresAt: string;
}

const KEY_PREFIX = 'dashboard-session:';

/**
 * Sessions live in the cache port (Redis on the real engines, memory when embedded), keyed by the hash
 * of the cookie's value: every dashboard instance reads the same sessions, and a dump of the cache
 * holds no usable cookie. The session ends at `expiresAt` on the injected clock; the cache entry's own
 * expiry only tidies up.
 */
export class DashboardSessions {
  constructor(
    private readonly cache: Cache,
    private readonly clock: Clock,
    private readonly lifetimeMs: number,
  ) {}

  /** Starts a session and returns the cookie value that names it. */
  async start(principal: Principal, merchantId: string | null): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const session: DashboardSession = {
      principal,
      merchantId,
      csrfToken: randomBytes(24).toString('base64url'),
      expiresAt: new Date(this.clock.now().getTime() + this.lifetimeMs).toISOString(),
    };
    await this.cache.set(keyOf(id), JSON.stringify(session), this.lifetimeMs);
    return id;
  }

  /** The live session the cookie names, or null when there is none or it has expired. */
  async find(id: string | null): Promise<DashboardSession | null> {
    if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    const stored = await this.cache.get(keyOf(id));
    if (stored === null) return null;
    const session = JSON.parse(stored) as DashboardSession;
    if (Date.parse(session.expiresAt) <= this.clock.now().getTime()) {
      await this.cache.delete(keyOf(id));
      return null;
    }
    return session;
  }

  /** The operator looks at another merchant; the session keeps its expiry. */
  async switchMerchant(id: string, session: DashboardSession, merchantId: string): Promise<DashboardSession> {
    const switched = { ...session, merchantId };
    const remainingMs = Date.parse(session.expiresAt) - this.clock.now().getTime();
    await this.cache.set(keyOf(id), JSON.stringify(switched), Math.max(1, remainingMs));
    return switched;
  }

  end(id: string): Promise<void> {
    return this.cache.delete(keyOf(id));
  }
}

const keyOf = (id: string): string => `${KEY_PREFIX}${sha256Hex(id)}`;
