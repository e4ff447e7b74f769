import { readUntil } from '../src/read-until';

describe('readUntil', () => {
  it('reads again until the value is ready and returns that value', async () => {
    const values = [null, null, 'shown'];
    let reads = 0;
    const value = await readUntil(
      async () => values[reads++] ?? null,
      (read) => read !== null,
      {
        deadline: Date.now() + 5_000,
        pollMs: 1,
      },
    );

    expect(value).toBe('shown');
    expect(reads).toBe(3);
  });

  it('returns the last read, not ready, once the deadline has passed', async () => {
    let reads = 0;
    const value = await readUntil(
      async () => ++reads,
      () => false,
      { deadline: Date.now() + 30, pollMs: 5 },
    );

    expect(value).toBe(reads);
    expect(reads).toBeGreaterThan(1);
  });

  it('reads once when the first value is ready', async () => {
    let reads = 0;
    await readUntil(
      async () => ++reads,
      () => true,
      { deadline: Date.now() + 5_000, pollMs: 1_000 },
    );

    expect(reads).toBe(1);
  });
});
