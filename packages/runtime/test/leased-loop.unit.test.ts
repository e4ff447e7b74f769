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
