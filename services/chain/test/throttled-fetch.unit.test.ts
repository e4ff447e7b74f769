import { ThrottledFetch } from '../src/watchers/tron/throttled-fetch';

/** A provider answering the given statuses in turn, recording the headers of each request. */
function provider(statuses: number[], retryAfter: string | null = null) {
  const headers: Headers[] = [];
  const fetchFn = (async (_input: unknown, init?: RequestInit) => {
    headers.push(new Headers(init?.headers));
    const status = statuses.shift() ?? 200;
    return new Response('{}', {
      status,
      headers: retryAfter && status === 429 ? { 'retry-after': retryAfter } : {},
    });
  }) as typeof fetch;
  return { fetchFn, headers };
}

describe('requests to a rate-limited provider', () => {
  const sleeps: number[] = [];
  let clock = 0;
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    clock += ms;
  };
  beforeEach(() => {
    sleeps.length = 0;
    clock = 0;
  });

  it('leave at most requestsPerSecond a second, evenly spaced, each with the key header', async () => {
    const { fetchFn, headers } = provider([]);
    const throttled = new ThrottledFetch({
      requestsPerSecond: 10,
      headers: { 'TRON-PRO-API-KEY': 'key' },
      sleep: async () => undefined,
      now: () => clock,
      fetchFn,
    });
    const spaced: number[] = [];
    const recordingSleep = new ThrottledFetch({
      requestsPerSecond: 10,
      sleep: async (ms) => void spaced.push(ms),
      now: () => 0,
      fetchFn,
    });
    await Promise.all([
      recordingSleep.fetch('http://node'),
      recordingSleep.fetch('http://node'),
      recordingSleep.fetch('http://node'),
    ]);
    expect(spaced).toEqual([100, 200]);
    await throttled.fetch('http://node', { headers: { 'content-type': 'application/json' } });
    expect(headers.at(-1)!.get('tron-pro-api-key')).toBe('key');
    expect(headers.at(-1)!.get('content-type')).toBe('application/json');
  });

  it("retry a 429 after the provider's Retry-After, counting it", async () => {
    const { fetchFn } = provider([429, 200], '2');
    const throttled = new ThrottledFetch({ requestsPerSecond: 1000, sleep, now: () => clock, fetchFn });
    expect((await throttled.fetch('http://node')).status).toBe(200);
    expect(sleeps).toContain(2000);
    expect(throttled.stats.throttled).toBe(1);
  });

  it('back off exponentially without Retry-After, and give up with the 429 after maxRetries', async () => {
    const { fetchFn } = provider([429, 429, 429, 429]);
    const throttled = new ThrottledFetch({
      requestsPerSecond: 1000,
      maxRetries: 2,
      backoffMs: 100,
      sleep,
      now: () => clock,
      fetchFn,
    });
    expect((await throttled.fetch('http://node')).status).toBe(429);
    expect(sleeps.filter((ms) => ms >= 100)).toEqual([100, 200]);
    expect(throttled.stats.throttled).toBe(2);
  });
});
