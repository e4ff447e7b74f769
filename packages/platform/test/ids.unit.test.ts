import { createHash } from 'node:crypto';
import {
  createNumericIdGenerator,
  ManualClock,
  NUMERIC_ID_EPOCH_MS,
  newNumericId,
  newSecret,
  numericIdFrom,
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

  it('keeps a request id below 2^52 until 2058, and refuses one beyond rather than enter the chain space', () => {
    expect(createNumericIdGenerator(new ManualClock('2058-01-01T00:00:00Z'))()).toBeLessThan(2 ** 52);
    const next = createNumericIdGenerator(new ManualClock('2059-01-01T00:00:00Z'));
    expect(() => next()).toThrow(/request numeric id space is exhausted/);
  });

  it('keeps a chain id within Number.MAX_SAFE_INTEGER until 2058', () => {
    const next = createNumericIdGenerator(new ManualClock('2058-01-01T00:00:00Z'), 'chain');
    expect(Number.isSafeInteger(next())).toBe(true);
  });
});

describe('numeric id spaces', () => {
  it("never gives a request's id and a chain observation's id the same number, whatever the instant and bits", () => {
    for (const at of ['2024-01-01T00:00:00Z', '2026-11-29T07:00:00.123Z', '2057-12-31T23:59:59.999Z']) {
      const instant = new Date(at);
      const requests = createNumericIdGenerator(new ManualClock(at));
      const chain = createNumericIdGenerator(new ManualClock(at), 'chain');
      for (let i = 0; i < 100; i++) {
        expect(requests()).toBeLessThan(2 ** 52);
        expect(chain()).toBeGreaterThanOrEqual(2 ** 52);
        expect(numericIdFrom(`seed-${i}`, instant)).toBeLessThan(2 ** 52);
        expect(numericIdFrom(`seed-${i}`, instant, 'chain')).toBeGreaterThanOrEqual(2 ** 52);
      }
    }
  });

  it('derives a request id as it always did, so a keyed retry across an upgrade finds its payment', () => {
    const at = new Date('2026-11-29T07:00:00.123Z');
    const bits = createHash('sha256').update('scope:key:id:payment:0').digest().readUInt16BE(0) % 4096;
    expect(numericIdFrom('scope:key:id:payment:0', at)).toBe(
      2 ** 30 + (at.getTime() - NUMERIC_ID_EPOCH_MS) * 4096 + bits,
    );
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
