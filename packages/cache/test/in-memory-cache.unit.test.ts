import { InMemoryCache } from '../src';

describe('InMemoryCache specifics', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('sweeps expired entries without a lookup, on a timer that does not hold the process open', async () => {
    const cache = new InMemoryCache({ now: clock, sweepIntervalMs: 10 });
    await cache.set('api-key:old', 'merchant-1', 50);
    await cache.acquireLease('outbox-relay', 'instance-a', 50);
    const entries = (cache as unknown as { entries: Map<string, unknown> }).entries;
    const leases = (cache as unknown as { leases: Map<string, unknown> }).leases;
    const sweeper = (cache as unknown as { sweeper: NodeJS.Timeout }).sweeper;
    expect(sweeper.hasRef()).toBe(false);

    now += 60;
    await new Promise((resolve) => setTimeout(resolve, 40));

    expect(entries.size).toBe(0);
    expect(leases.size).toBe(0);
    await cache.close();
  });

  it('refuses to count a value that is not an integer', async () => {
    const cache = new InMemoryCache({ now: clock });
    await cache.set('bucket', 'not a number');

    await expect(cache.increment('bucket', 1_000)).rejects.toThrow(/not an integer/);
    await cache.close();
  });

  it('rejects a TTL that is not a positive duration', async () => {
    const cache = new InMemoryCache({ now: clock });

    await expect(cache.set('k', 'v', 0)).rejects.toThrow(RangeError);
    await expect(cache.acquireLease('lease', 'owner', -5)).rejects.toThrow(RangeError);
    await cache.close();
  });

  it('refuses work once closed', async () => {
    const cache = new InMemoryCache();
    await cache.close();

    await expect(cache.get('k')).rejects.toThrow(/closed/);
  });
});
