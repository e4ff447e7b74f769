import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PayAddress } from './address-allocator';
import type { AddressBatchReply, AddressBatchRequest, AddressWorkerData } from './address-worker-protocol';
import { AddressWorkerError } from './errors';

export type StartAddressWorker = (data: AddressWorkerData) => Worker;

/**
 * Starts address-worker.ts in a thread. Node cannot run a .ts entry itself, and on node 20 a worker's
 * `--import tsx` does not reach its entry, so under tsx (benches, test fleets) and jest (its own
 * transform, none in the thread) the thread loads it through tsx's require API; compiled to .js (the
 * dist/ bundle that ./gateway and the image run) it loads directly.
 */
export const startAddressWorker: StartAddressWorker = (workerData) => {
  const extension = extname(__filename);
  const entry = join(__dirname, `address-worker${extension}`);
  if (extension !== '.ts') return new Worker(entry, { workerData });
  const tsx = require.resolve('tsx/cjs/api');
  const source = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, ${JSON.stringify(__filename)});`;
  return new Worker(source, { eval: true, workerData });
};

interface PendingBatch {
  resolve(addresses: PayAddress[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * One address worker thread, asked for batches by request id. The thread holds the process open only
 * while a batch is awaited, so an idle gateway (or a test) exits without stopping it. When the thread
 * ends, for whatever reason, every awaited batch fails and `onExit` is told once.
 */
export class AddressWorkerClient {
  private readonly pending = new Map<number, PendingBatch>();
  private lastId = 0;
  private failure: Error | undefined;
  private ended = false;
  private terminating = false;

  constructor(
    private readonly worker: Worker,
    private readonly batchTimeoutMs: number,
    onExit: (error: Error, expected: boolean) => void,
  ) {
    worker.unref();
    worker.on('message', (reply: AddressBatchReply) => this.settle(reply));
    worker.on('error', (error) => (this.failure ??= error));
    worker.on('exit', (code) => {
      this.ended = true;
      const error = new AddressWorkerError(`the address worker stopped (exit code ${code})`, this.failure);
      for (const batch of this.pending.values()) {
        clearTimeout(batch.timer);
        batch.reject(error);
      }
      this.pending.clear();
      onExit(error, this.terminating);
    });
  }

  request(network: string, count: number, urgent: boolean): Promise<PayAddress[]> {
    if (this.ended) return Promise.reject(new AddressWorkerError('the address worker has stopped'));
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failure ??= new AddressWorkerError(
          `no batch from the address worker in ${this.batchTimeoutMs} ms`,
        );
        void this.worker.terminate();
      }, this.batchTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, network, count, urgent } satisfies AddressBatchRequest);
    });
  }

  async terminate(): Promise<void> {
    this.terminating = true;
    await this.worker.terminate();
  }

  private settle(reply: AddressBatchReply): void {
    const batch = this.pending.get(reply.id);
    if (!batch) return;
    this.pending.delete(reply.id);
    clearTimeout(batch.timer);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in reply)
      batch.reject(new AddressWorkerError(`the address worker failed a batch: ${reply.error}`));
    else batch.resolve(reply.addresses);
  }
}
