import {
  createNumericIdGenerator,
  ManualClock,
  NUMERIC_ID_EPOCH_MS,
  newNumericId,
  newSecret,
  newUuid,
  sha256Hex,
} from '../src';

describe('newUuid', () => {
  it('returns distinct v4 uuids', () => {
    const a = newUuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newUuid()).not.toBe(a);
  });
});

describe('newNumericId', () => {
  it('is a safe positive integer of at least 10 digits', () => {
    for (let i = 0; i < 1000; i++) {
      const id = newNumericId();
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(String(id).length).toBeGreaterThanOrEqual(10);
    }
  });

  it('has at least 10 digits even at the start of the timeline', () => {
    const next = createNumericIdGenerator(new ManualClock(NUMERIC_ID_EPOCH_MS));
    expect(String(next()).length).toBeGreaterThanOrEqual(10);
  });

  it('orders by creation time', () => {
    const clock = new ManualClock('2025-06-01T00:00:00Z');
    const next = createNumericIdGenerator(clock);
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) {
      ids.push(next());
      clock.advance(1);
    }
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('keeps the time in the high bits and randomness in the low 12 bits', () => {
    const clock = new ManualClock('2025-06-01T00:00:00Z');
    const lows = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const id = createNumericIdGenerator(clock)();
      expect(Math.floor((id - 2 ** 30) / 4096)).toBe(clock.now().getTime() - NUMERIC_ID_EPOCH_MS);
      lows.add(id % 4096);
    }
    expect(lows.size).toBeGreaterThan(10);
  });

  it('never repeats within one generator, even inside one millisecond', () => {
    const next = createNumericIdGenerator(new ManualClock('2025-06-01T00:00:00Z'));
    const ids = Array.from({ length: 10_000 }, () => next());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stays within Number.MAX_SAFE_INTEGER until 2090', () => {
    const next = createNumericIdGenerator(new ManualClock('2090-01-01T00:00:00Z'));
    expect(Number.isSafeInteger(next())).toBe(true);
  });
});

describe('newSecret', () => {
  it('returns base64url text of the requested entropy', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(Buffer.from(newSecret(16), 'base64url')).toHaveLength(16);
    expect(newSecret()).not.toBe(secret);
  });

  it('refuses less than 128 bits', () => {
    expect(() => newSecret(15)).toThrow(RangeError);
  });
});

describe('sha256Hex', () => {
  it('hashes strings and bytes', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(Buffer.from('abc'))).toBe(sha256Hex('abc'));
  });
});
