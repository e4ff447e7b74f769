import { ManualClock, systemClock } from '../src';

describe('systemClock', () => {
  it('tells the current time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('ManualClock', () => {
  it('stands still until moved', () => {
    const clock = new ManualClock('2025-01-01T00:00:00Z');
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('advances by milliseconds and can be set', () => {
    const clock = new ManualClock(new Date('2025-01-01T00:00:00Z'));
    expect(clock.advance(24 * 60 * 60 * 1000).toISOString()).toBe('2025-01-02T00:00:00.000Z');
    clock.set('2030-05-05T05:05:05Z');
    expect(clock.now().toISOString()).toBe('2030-05-05T05:05:05.000Z');
  });

  it('hands out copies, so callers cannot move it', () => {
    const clock = new ManualClock(0);
    clock.now().setTime(1_000_000);
    expect(clock.now().getTime()).toBe(0);
  });

  it('refuses to go backwards or to invalid times', () => {
    const clock = new ManualClock();
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set('not a date')).toThrow(RangeError);
  });
});
