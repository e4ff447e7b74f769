import { InMemoryCache } from '@gw/cache';
import { ManualClock } from '@gw/platform';
import { DashboardSessions } from '../src/session/dashboard-session';

const HOUR_MS = 60 * 60 * 1000;

describe('dashboard sessions', () => {
  // The cache's own expiry runs on real time; the session's end is decided on the injected clock.
  const clock = new ManualClock('2026-03-01T12:00:00.000Z');
  const cache = new InMemoryCache();
  const sessions = new DashboardSessions(cache, clock, HOUR_MS);

  afterAll(() => cache.close());

  it('finds a started session by its cookie value, with its own CSRF token', async () => {
    const id = await sessions.start({ kind: 'merchant', merchantId: 'm-1' }, 'm-1');
    const session = await sessions.find(id);
    expect(session).toMatchObject({
      principal: { kind: 'merchant', merchantId: 'm-1' },
      merchantId: 'm-1',
      expiresAt: '2026-03-01T13:00:00.000Z',
    });
    expect(session?.csrfToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await sessions.find(await sessions.start({ kind: 'merchant', merchantId: 'm-1' }, 'm-1'));
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
    const id = await sessions.start({ kind: 'merchant', merchantId: 'm-2' }, 'm-2');
    await sessions.end(id);
    expect(await sessions.find(id)).toBeNull();
  });

  it('keeps no usable cookie value in the cache, and opens nothing for a made-up or malformed one', async () => {
    const id = await sessions.start({ kind: 'merchant', merchantId: 'm-3' }, 'm-3');
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
});
