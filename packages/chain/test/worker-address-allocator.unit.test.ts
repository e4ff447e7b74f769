import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { curatedCatalogue } from '@gw/pricing';
import {
  AddressAllocatorClosedError,
  AddressWorkerError,
  startAddressWorker,
  UnknownNetworkError,
  validateAddress,
  WorkerAddressAllocator,
  type StartAddressWorker,
} from '../src';
import type { AddressBatchReply, AddressBatchRequest } from '../src/address-worker-protocol';

/** Records the threads an allocator starts and the batch requests posted to them. */
function recordingStarter(...starters: StartAddressWorker[]) {
  const workers: Worker[] = [];
  const requests: unknown[] = [];
  const start: StartAddressWorker = (data) => {
    const worker = (starters[workers.length] ?? startAddressWorker)(data);
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (message: unknown) => {
      requests.push(message);
      post(message);
    };
    workers.push(worker);
    return worker;
  };
  return { start, workers, requests };
}

const evalWorker =
  (source: string): StartAddressWorker =>
  () =>
    new Worker(`const { parentPort } = require('node:worker_threads'); ${source}`, { eval: true });
const silentWorker = evalWorker(`parentPort.on('message', () => {});`);
const crashingWorker = evalWorker(`parentPort.on('message', () => { throw new Error('boom'); });`);

describe('WorkerAddressAllocator', () => {
  const opened: WorkerAddressAllocator[] = [];
  const allocatorWith = (options: ConstructorParameters<typeof WorkerAddressAllocator>[0]) => {
    const allocator = new WorkerAddressAllocator(options);
    opened.push(allocator);
    return allocator;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((allocator) => allocator.close()));
  });

  it('serves from memory down to the low-water mark, and asks for the next batch ahead of need', async () => {
    const recorder = recordingStarter();
    const allocator = allocatorWith({ batchSize: 10, lowWater: 2, startWorker: recorder.start });

    const first = await allocator.allocate('btc');
    expect(recorder.requests).toEqual([{ id: 1, network: 'btc', count: 4, urgent: true }]);
    const second = await allocator.allocate('btc');
    expect(recorder.requests).toEqual([
      { id: 1, network: 'btc', count: 4, urgent: true },
      { id: 2, network: 'btc', count: 10, urgent: false },
    ]);
    const fromMemory = await Promise.all([allocator.allocate('BTC'), allocator.allocate('btc')]);
    expect(recorder.requests).toHaveLength(2);

    const later = await Promise.all(Array.from({ length: 30 }, () => allocator.allocate('btc')));
    const addresses = [first, second, ...fromMemory, ...later].map(({ address }) => address);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(addresses.every((address) => validateAddress('btc', address))).toBe(true);
    expect(recorder.requests.slice(2)).toEqual(
      Array.from({ length: recorder.requests.length - 2 }, () => expect.objectContaining({ count: 10 })),
    );
    expect(recorder.workers).toHaveLength(1);
  });

  it('makes a batch an allocation waits for before the rest of a refill already under way', async () => {
    const worker = startAddressWorker({ catalogue: curatedCatalogue });
    try {
      const replies: AddressBatchReply[] = [];
      worker.on('message', (reply: AddressBatchReply) => replies.push(reply));
      const post = (request: AddressBatchRequest) => worker.postMessage(request);
      post({ id: 1, network: 'btc', count: 1, urgent: true });
      await once(worker, 'message');
      post({ id: 2, network: 'ton', count: 300, urgent: false });
      post({ id: 3, network: 'xmr', count: 300, urgent: false });
      await new Promise((resolve) => setTimeout(resolve, 20));
      post({ id: 4, network: 'btc', count: 2, urgent: true });

      while (replies.length < 4) await once(worker, 'message');

      expect(replies.map(({ id }) => id)).toEqual([1, 4, 2, 3]);
      expect(replies.map((reply) => ('addresses' in reply ? reply.addresses.length : reply.error))).toEqual([
        1, 2, 300, 300,
      ]);
    } finally {
      await worker.terminate();
    }
  });

  it('refuses an unknown network without starting a worker', async () => {
    const recorder = recordingStarter();
    const allocator = allocatorWith({ startWorker: recorder.start });

    await expect(allocator.allocate('nope')).rejects.toThrow(new UnknownNetworkError('nope'));
    expect(recorder.workers).toHaveLength(0);
  });

  it('terminates its worker on close and refuses allocations afterwards', async () => {
    const recorder = recordingStarter();
    const onWorkerExit = jest.fn();
    const allocator = allocatorWith({ startWorker: recorder.start, onWorkerExit });
    await allocator.allocate('eth');
    const exited = once(recorder.workers[0]!, 'exit');

    await allocator.close();

    await exited;
    await expect(allocator.allocate('eth')).rejects.toBeInstanceOf(AddressAllocatorClosedError);
    expect(onWorkerExit).not.toHaveBeenCalled();
  });

  it('fails allocations still waiting for a batch when closed', async () => {
    const allocator = allocatorWith({ startWorker: silentWorker });
    const waiting = expect(allocator.allocate('btc')).rejects.toBeInstanceOf(AddressAllocatorClosedError);

    await allocator.close();

    await waiting;
  });

  it('fails the waiting allocations when its worker dies, then starts a new worker for the next', async () => {
    const recorder = recordingStarter(crashingWorker);
    const onWorkerExit = jest.fn();
    const allocator = allocatorWith({ startWorker: recorder.start, onWorkerExit });

    const waiting = Promise.allSettled([allocator.allocate('btc'), allocator.allocate('btc')]);
    for (const outcome of await waiting) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: expect.any(AddressWorkerError) });
      expect(outcome.status === 'rejected' && String(outcome.reason.message)).toMatch(/exit code 1.*boom/);
    }
    expect(onWorkerExit).toHaveBeenCalledTimes(1);

    const { address } = await allocator.allocate('btc');
    expect(validateAddress('btc', address)).toBe(true);
    expect(recorder.workers).toHaveLength(2);
  });

  it('keeps handing out distinct addresses across a worker killed between batches', async () => {
    const recorder = recordingStarter();
    const onWorkerExit = jest.fn();
    const allocator = allocatorWith({
      batchSize: 20,
      lowWater: 5,
      startWorker: recorder.start,
      onWorkerExit,
    });
    const addresses = [await allocator.allocate('trx')];
    await recorder.workers[0]!.terminate();
    expect(onWorkerExit).toHaveBeenCalledTimes(1);

    for (let i = 0; i < 100; i++) addresses.push(await allocator.allocate('trx'));

    expect(new Set(addresses.map(({ address }) => address)).size).toBe(addresses.length);
    expect(recorder.workers).toHaveLength(2);
  });

  it('stops a worker that answers no batch in time and fails what waited for it', async () => {
    const allocator = allocatorWith({ startWorker: silentWorker, batchTimeoutMs: 200 });

    await expect(allocator.allocate('btc')).rejects.toThrow(
      /address worker stopped \(exit code 1\): no batch from the address worker in 200 ms/,
    );
  });

  it('runs under node --import tsx and lets the process exit once it has answered', async () => {
    const root = join(__dirname, '../../..');
    const script = `
      const { WorkerAddressAllocator } = require('./packages/chain/src');
      new WorkerAddressAllocator().allocate('ltc').then(({ address }) => console.log(address));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: root,
      timeout: 30_000,
    });
    expect(stdout.trim()).toMatch(/^ltc1q/);
  });
});
