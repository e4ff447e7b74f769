import type { FileHandle } from 'node:fs/promises';

interface Pending {
  line: string;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Appends lines with group commit: whatever is queued while a write is in flight goes out in the next
 * single write + fdatasync, and each promise resolves only once its line is on disk. After a failed
 * write every later append fails too: what reached the disk is unknown until the log is reopened.
 */
export class GroupCommitAppender {
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private failure: Error | undefined;

  constructor(private readonly handle: FileHandle) {}

  append(line: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      this.flushing ??= this.flush().finally(() => {
        this.flushing = undefined;
      });
    });
  }

  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    // One turn of the event loop lets every append issued in this turn join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      if (this.failure) {
        for (const pending of batch) pending.reject(this.failure);
        continue;
      }
      try {
        await this.handle.appendFile(batch.map((pending) => pending.line).join(''), 'utf8');
        await this.handle.datasync();
        for (const pending of batch) pending.resolve();
      } catch (error) {
        this.failure = new Error(`the delivery log could not be written: ${String(error)}`);
        for (const pending of batch) pending.reject(this.failure);
      }
    }
  }
}
