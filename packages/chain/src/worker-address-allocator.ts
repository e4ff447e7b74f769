import { type Catalogue, curatedCatalogue, findNetwork } from '@gw/pricing';
import type { AddressAllocator, PayAddress } from './address-allocator';
import { AddressWorkerClient, type StartAddressWorker, startAddressWorker } from './address-worker-client';
import { AddressAllocatorClosedError, UnknownNetworkError } from './errors';

/**
 * One batch costs the worker 128 × 35-75 µs (bitcoin-like, EVM, tron: what is paid with most) and at
 * worst 128 × 0.7 ms (ton, monero), and its one message costs the event loop under a microsecond per
 * address. Refilling at one batch left keeps 128-256 addresses per network in memory: at 1,500
 * payments a second that is 85 ms of supply for a refill that takes the worker under 10 ms.
 */
const BATCH_SIZE = 128;
const LOW_WATER = 128;
/**
 * A network's first batch only covers who waits for it (at least this many): the worker's code for the
 * network is still cold (interpreted), so a full one would keep the first payment waiting 100+ ms.
 */
const FIRST_BATCH_SIZE = 4;
/** A worker that answers nothing for this long is stuck: it is stopped and its waiters fail. */
const BATCH_TIMEOUT_MS = 30_000;

export interface WorkerAddressAllocatorOptions {
  catalogue?: Catalogue;
  batchSize?: number;
  lowWater?: number;
  batchTimeoutMs?: number;
  /** Starts the thread; tests replace it to reach the thread or to start a failing one. */
  startWorker?: StartAddressWorker;
  /** The thread stopped without close(): its waiters failed, and the next refill starts another. */
  onWorkerExit?: (error: Error) => void;
}

interface Waiter {
  resolve(address: PayAddress): void;
  reject(error: Error): void;
}

interface Pool {
  ready: PayAddress[];
  waiters: Waiter[];
  refilling: boolean;
  primed: boolean;
}

/**
 * Hands out addresses that a worker thread generated ahead, in batches per network, so allocate
 * normally resolves from memory and the key arithmetic stays off the event loop. The first allocation
 * on a network waits for its first batch. If the thread dies, the allocations waiting for a batch fail
 * with AddressWorkerError and the next refill starts a new thread; close() stops the thread for good.
 * Every address comes out of a pool exactly once, and the worker's key material is fresh and random.
 */
export class WorkerAddressAllocator implements AddressAllocator {
  private readonly catalogue: Catalogue;
  private readonly batchSize: number;
  private readonly lowWater: number;
  private readonly pools = new Map<string, Pool>();
  private worker: AddressWorkerClient | undefined;
  private closed = false;

  constructor(private readonly options: WorkerAddressAllocatorOptions = {}) {
    this.catalogue = options.catalogue ?? curatedCatalogue;
    this.batchSize = options.batchSize ?? BATCH_SIZE;
    this.lowWater = options.lowWater ?? LOW_WATER;
  }

  async allocate(network: string): Promise<PayAddress> {
    if (this.closed) throw new AddressAllocatorClosedError();
    const code = findNetwork(network, this.catalogue)?.code;
    if (!code) throw new UnknownNetworkError(network);
    const pool = this.poolOf(code);
    const ready = pool.ready.pop();
    const allocated = ready
      ? Promise.resolve(ready)
      : new Promise<PayAddress>((resolve, reject) => pool.waiters.push({ resolve, reject }));
    this.refillIfLow(code, pool);
    return allocated;
  }

  /** Stops the worker; waiting and later allocations fail with AddressAllocatorClosedError. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pool of this.pools.values()) this.fail(pool, new AddressAllocatorClosedError());
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private poolOf(code: string): Pool {
    let pool = this.pools.get(code);
    if (!pool) this.pools.set(code, (pool = { ready: [], waiters: [], refilling: false, primed: false }));
    return pool;
  }

  private refillIfLow(code: string, pool: Pool): void {
    if (this.closed || pool.refilling || pool.ready.length - pool.waiters.length > this.lowWater) return;
    const count = pool.primed
      ? this.batchSize
      : Math.min(this.batchSize, Math.max(FIRST_BATCH_SIZE, pool.waiters.length));
    let batch: Promise<PayAddress[]>;
    try {
      batch = this.workerClient().request(code, count, pool.waiters.length > 0);
    } catch (error) {
      this.fail(pool, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    pool.refilling = true;
    batch.then(
      (addresses) => {
        pool.refilling = false;
        pool.primed = true;
        pool.ready.push(...addresses);
        while (pool.waiters.length > 0 && pool.ready.length > 0)
          pool.waiters.shift()!.resolve(pool.ready.pop()!);
        // More waiters than one batch, or still low: ask again.
        this.refillIfLow(code, pool);
      },
      (error: Error) => {
        pool.refilling = false;
        this.fail(pool, error);
      },
    );
  }

  private fail(pool: Pool, error: Error): void {
    for (const waiter of pool.waiters.splice(0)) waiter.reject(error);
  }

  private workerClient(): AddressWorkerClient {
    if (this.worker) return this.worker;
    const start = this.options.startWorker ?? startAddressWorker;
    const client = new AddressWorkerClient(
      start({ catalogue: this.catalogue }),
      this.options.batchTimeoutMs ?? BATCH_TIMEOUT_MS,
      (error, expected) => {
        if (this.worker === client) this.worker = undefined;
        if (!expected) this.options.onWorkerExit?.(error);
      },
    );
    this.worker = client;
    return client;
  }
}
