import { setTimeout as sleep } from 'node:timers/promises';

export interface ReadUntilOptions {
  /** Epoch milliseconds after which the last read is returned as it is. */
  deadline: number;
  pollMs: number;
}

/**
 * Reads until `ready` accepts what was read or the deadline passes, and returns the last read. Read
 * models trail the commands behind them by a few milliseconds: this is how a caller waits for its own
 * write to show instead of answering from a model that does not have it yet.
 */
export async function readUntil<T>(
  read: () => Promise<T>,
  ready: (value: T) => boolean,
  { deadline, pollMs }: ReadUntilOptions,
): Promise<T> {
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() >= deadline) return value;
    await sleep(pollMs);
  }
}
