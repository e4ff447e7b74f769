import { InMemoryCache } from '@gw/cache';
import { ManualClock } from '@gw/platform';
import { DashboardSessions, keyStillOpens, type Principal } from '../src';

const HOUR_MS = 60 * 60 * 1000;

describe('dashboard sessions', () => {
  // The cache's own expiry runs on real time; the session's end is decided on the injected clock.
  const clock = new ManualClock('2026-03-01T12:00:00.000Z');
  const cache = new InMemoryCache();
  const sessions = new DashboardSessions(cache, clock, HOUR_MS);

  afterAll(() => cache.close());

  it('finds a started session by its cookie value, with its own CSRF token', async () => {
    const id = await sessions.start({ kind: 'merchant', merchantId: 'm-1', apiKeyHash: 'hash-1' }, 'm-1');
    const session = await sessions.find(id);
    expect(session).toMatchObject({
      principal: { kind: 'merchant', merchantId: 'm-1', apiKeyHash: 'hash-1' },
      merchantId: 'm-1',
      expiresAt: '2026-03-01T13:00:00.000Z',
    });
    expect(session?.csrfToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await sessions.find(
      await sessions.start({ kind: 'merchant', merchantId: 'm-1', apiKeyHash: 'hash-1' }, 'm-1'),
    );
    expect(other?.csrfToken).not.toBe(session?.csrfToken);
  });

  it('ends at its expiry on the clock, and stays ended', async () => {
    const id = await sessions.start({ kind: 'admin' }, null);
    clock.advance(HOUR_MS - 1);
    expect(await sessions.find(id)).not.toBeNull();
    clock.advance(1);
    expect(await sessions.find(id)).toBeNull();
    // Found expired once, it is gone: a clock set back later does not revive it.
    clock.set(clock.now().getTime() - HOUR_MS);
    expect(await sessions.find(id)).toBeNull();
  });

  it('ends on sign-out', async () => {
    const id = await sessions.start({ kind: 'merchant', merchantId: 'm-2', apiKeyHash: 'hash-2' }, 'm-2');
    await sessions.end(id);
    expect(await sessions.find(id)).toBeNull();
  });

  it('keeps no usable cookie value in the cache, and opens nothing for a made-up or malformed one', async () => {
    const id = await sessions.start({ kind: 'merchant', merchantId: 'm-3', apiKeyHash: 'hash-3' }, 'm-3');
    expect(await cache.get(`dashboard-session:${id}`)).toBeNull();
    expect(await sessions.find(null)).toBeNull();
    expect(await sessions.find('x'.repeat(43))).toBeNull();
    expect(await sessions.find(`${id}; other=1`)).toBeNull();
  });

  it("lets the operator switch merchants without extending the session's life", async () => {
    const id = await sessions.start({ kind: 'admin' }, null);
    clock.advance(HOUR_MS / 2);
    const started = await sessions.find(id);
    const switched = await sessions.switchMerchant(id, started!, 'm-9');
    expect(switched.merchantId).toBe('m-9');
    expect(await sessions.find(id)).toEqual(switched);
    clock.advance(HOUR_MS / 2);
    expect(await sessions.find(id)).toBeNull();
  });

  it('goes on under the new key for the session that rotated it, keeping its expiry', async () => {
    const id = await sessions.start({ kind: 'merchant', merchantId: 'm-4', apiKeyHash: 'old' }, 'm-4');
    const rekeyed = await sessions.rekey(id, (await sessions.find(id))!, 'new');
    expect(rekeyed.principal).toEqual({ kind: 'merchant', merchantId: 'm-4', apiKeyHash: 'new' });
    expect(await sessions.find(id)).toEqual(rekeyed);
    clock.advance(HOUR_MS);
    expect(await sessions.find(id)).toBeNull();
  });
});

describe('a session and the key it was opened with', () => {
  const merchant: Principal = { kind: 'merchant', merchantId: 'm-1', apiKeyHash: 'hash-now' };

  it("lasts while the merchant's API key is the one it signed in with", () => {
    expect(keyStillOpens(merchant, { apiKeyHash: 'hash-now' })).toBe(true);
  });

  it('ends once the key is rotated, or the merchant is gone', () => {
    expect(keyStillOpens(merchant, { apiKeyHash: 'hash-after-rotation' })).toBe(false);
    expect(keyStillOpens(merchant, null)).toBe(false);
  });

  it('ends a session stored before sessions kept their key', () => {
    const stored = JSON.parse('{"kind":"merchant","merchantId":"m-1"}') as Principal;
    expect(keyStillOpens(stored, { apiKeyHash: 'hash-now' })).toBe(false);
  });

  it("never ends the operator's session over a merchant's key", () => {
    expect(keyStillOpens({ kind: 'admin' }, { apiKeyHash: 'any' })).toBe(true);
    expect(keyStillOpens({ kind: 'admin' }, null)).toBe(true);
  });
});
