/** Time as a dependency, so expiry and scheduling can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/** A clock that only moves when a test moves it. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string | number = '2024-01-01T00:00:00.000Z') {
    this.current = toMillis(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string | number): void {
    this.current = toMillis(to);
  }

  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`ManualClock cannot move by ${ms} ms`);
    this.current += ms;
    return this.now();
  }
}

function toMillis(value: Date | string | number): number {
  const millis = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(millis)) throw new RangeError(`ManualClock got an invalid time: ${String(value)}`);
  return millis;
}
