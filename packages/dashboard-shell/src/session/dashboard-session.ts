import { randomBytes } from 'node:crypto';
import type { Cache } from '@gw/cache';
import { sha256Hex, timingSafeEqualStr, type Clock } from '@gw/platform';

/**
 * Who signed in: a merchant with its API key, or the operator with the admin token. A merchant's
 * principal keeps the hash of the key it signed in with (the merchants read model holds the same hash).
 */
export type Principal = { kind: 'merchant'; merchantId: string; apiKeyHash: string } | { kind: 'admin' };

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
  switchMerchant(id: string, session: DashboardSession, merchantId: string): Promise<DashboardSession> {
    return this.replace(id, { ...session, merchantId });
  }

  /**
   * The session that rotated its merchant's API key goes on under the new key (it was just shown it);
   * every other session opened with the old key ends at its next request. Keeps the session's expiry.
   */
  async rekey(id: string, session: DashboardSession, apiKeyHash: string): Promise<DashboardSession> {
    if (session.principal.kind !== 'merchant') return session;
    return this.replace(id, { ...session, principal: { ...session.principal, apiKeyHash } });
  }

  end(id: string): Promise<void> {
    return this.cache.delete(keyOf(id));
  }

  private async replace(id: string, session: DashboardSession): Promise<DashboardSession> {
    const remainingMs = Date.parse(session.expiresAt) - this.clock.now().getTime();
    await this.cache.set(keyOf(id), JSON.stringify(session), Math.max(1, remainingMs));
    return session;
  }
}

/**
 * A merchant's session lasts only as long as the API key it was opened with: once the key is rotated
 * (from the dashboard, the admin API or the CLI) or the merchant is gone, the session is over. The
 * operator's sessions do not hang on any merchant's key.
 */
export function keyStillOpens(principal: Principal, merchant: { apiKeyHash: string } | null): boolean {
  if (principal.kind === 'admin') return true;
  // A session stored before sessions kept their key's hash has none: it ends like a rotated one.
  const opened: unknown = principal.apiKeyHash;
  return merchant !== null && typeof opened === 'string' && timingSafeEqualStr(merchant.apiKeyHash, opened);
}

const keyOf = (id: string): string => `${KEY_PREFIX}${sha256Hex(id)}`;
