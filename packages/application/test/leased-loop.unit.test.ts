import { InMemoryCache } from '@gw/cache';
import { createLogger } from '@gw/platform';
import { LeasedLoop } from '../src/leased-loop';

const logger = createLogger({ level: 'silent' });
const options = (owner: string) => ({ lease: 'scheduler', owner, intervalMs: 60_000, leaseTtlMs: 180_000 });

describe('LeasedLoop', () => {
  it('runs the work only in the instance holding the lease', async () => {
    const cache = new InMemoryCache();
    const first = new LeasedLoop(cache, logger, options('a'), async () => 'a worked');
    const second = new LeasedLoop(cache, logger, options('b'), async () => 'b worked');
    expect(await first.runOnce()).toBe('a worked');
    expect(await second.runOnce()).toBeNull();
  });

  it('lets another instance take over once the holder stops', async () => {
    const cache = new InMemoryCache();
    const first = new LeasedLoop(cache, logger, options('a'), async () => 'a worked');
    const second = new LeasedLoop(cache, logger, options('b'), async () => 'b worked');
    await first.runOnce();
    await first.stop();
    expect(await second.runOnce()).toBe('b worked');
  });

  it('never overlaps passes: a pass asked for during another starts after it', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    let pass = 0;
    const loop = new LeasedLoop(new InMemoryCache(), logger, options('a'), async () => {
      const n = ++pass;
      events.push(`start ${n}`);
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      events.push(`end ${n}`);
      return n;
    });
    const first = loop.runOnce();
    const second = loop.runOnce();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('keeps running on schedule after a pass throws', async () => {
    let calls = 0;
    const loop = new LeasedLoop(new InMemoryCache(), logger, { ...options('a'), intervalMs: 1 }, async () => {
      calls++;
      if (calls === 1) throw new Error('read model unavailable');
      return calls;
    });
    loop.start();
    const deadline = Date.now() + 2_000;
    while (calls < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    await loop.stop();
    expect(calls).toBeGreaterThanOrEqual(3);
  });
});

describe('LeasedLoop status, for metrics', () => {
  it('shows the holder holding with the time of its last pass, and the standby idle and never passing', async () => {
    const cache = new InMemoryCache();
    let now = 1_700_000_000_000;
    const holder = new LeasedLoop(cache, logger, { ...options('a'), now: () => now }, async () => 'a');
    const standby = new LeasedLoop(cache, logger, { ...options('b'), now: () => now }, async () => 'b');
    await holder.runOnce();
    await standby.runOnce();
    expect(holder.status()).toEqual({ holding: true, lastSuccessAt: 1_700_000_000_000 });
    expect(standby.status()).toEqual({ holding: false, lastSuccessAt: null });

    await holder.stop();
    now += 5_000;
    await standby.runOnce();
    expect(holder.status()).toEqual({ holding: false, lastSuccessAt: 1_700_000_000_000 });
    expect(standby.status()).toEqual({ holding: true, lastSuccessAt: 1_700_000_005_000 });
  });

  it('keeps the time of the last pass that succeeded while the holder’s passes fail', async () => {
    let fail = false;
    let now = 1_000;
    const loop = new LeasedLoop(
      new InMemoryCache(),
      logger,
      { ...options('a'), now: () => now },
      async () => {
        if (fail) throw new Error('price source down');
        return 'ok';
      },
    );
    await loop.runOnce();
    fail = true;
    now = 9_000;
    await expect(loop.runOnce()).rejects.toThrow('price source down');
    expect(loop.status()).toEqual({ holding: true, lastSuccessAt: 1_000 });
  });
});
