import { MongoBulkWriteError, type Collection, type Document, type OptionalUnlessRequiredId } from 'mongodb';
import { DUPLICATE_KEY, isDuplicateKeyError } from './mongo-connection';

const MAX_BATCH = 200;

interface Waiting<T> {
  document: T;
  done: (result: InsertResult) => void;
  failed: (error: unknown) => void;
}

export type InsertResult = 'inserted' | 'duplicate';

/**
 * Group commit for inserts: the inserts that arrive while one `insertMany` is in flight go together in
 * the next one (unordered, so each document succeeds or fails on its own). On FerretDB 1.24 on
 * PostgreSQL an `insertMany` of 10 documents cost FerretDB 0.14 ms of CPU per document against 0.64 ms
 * for an `insertOne` (500 commit-sized documents each way). A lone insert goes out at once, so nothing
 * waits for a timer.
 */
export class InsertBatcher<T extends Document> {
  private queue: Waiting<T>[] = [];
  private flushing = false;

  constructor(private readonly collection: Collection<T>) {}

  /** `duplicate` when the document collides with another on `_id` or a unique index. */
  insert(document: T): Promise<InsertResult> {
    return new Promise((done, failed) => {
      this.queue.push({ document, done, failed });
      if (!this.flushing) {
        this.flushing = true;
        // Inserts issued in the same tick share the first batch.
        queueMicrotask(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await this.write(batch);
    }
    this.flushing = false;
  }

  private async write(batch: Waiting<T>[]): Promise<void> {
    const documents = batch.map((waiting) => waiting.document as OptionalUnlessRequiredId<T>);
    try {
      if (documents.length === 1) await this.collection.insertOne(documents[0]!);
      else await this.collection.insertMany(documents, { ordered: false });
      for (const waiting of batch) waiting.done('inserted');
    } catch (error) {
      if (documents.length === 1 && isDuplicateKeyError(error)) return batch[0]!.done('duplicate');
      if (!(error instanceof MongoBulkWriteError) || documents.length === 1) {
        for (const waiting of batch) waiting.failed(error);
        return;
      }
      const failures = new Map<number, { code?: number; errmsg?: string }>();
      const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
      for (const writeError of writeErrors) failures.set(writeError.index, writeError);
      // Without per-document errors the outcome of each insert is unknown: fail them all, as a lost
      // acknowledgement of a single insert would.
      if (failures.size === 0) {
        for (const waiting of batch) waiting.failed(error);
        return;
      }
      for (const [index, waiting] of batch.entries()) {
        const failure = failures.get(index);
        if (!failure) waiting.done('inserted');
        else if (failure.code === DUPLICATE_KEY) waiting.done('duplicate');
        else
          waiting.failed(
            new Error(`insert into ${this.collection.collectionName} failed: ${failure.errmsg}`),
          );
      }
    }
  }
}
