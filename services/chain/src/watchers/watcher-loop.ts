import type { ChainWatcher } from './chain-watcher';

/**
 * Polls a watcher every interval until stopped. A failed poll (node down) is retried on the next tick:
 * the watcher resumes from its checkpoint, so an outage only delays deposits. `stop` waits for the
 * poll in flight, so nothing is half-written when the process exits.
 */
export class WatcherLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly watcher: ChainWatcher,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.stopped) return;
    this.running = this.watcher
      .poll()
      .catch(() => undefined) // the watcher logged it and shows it in its status
      .finally(() => {
        this.running = null;
        if (!this.stopped) this.timer = setTimeout(() => this.tick(), this.intervalMs);
      });
  }
}
