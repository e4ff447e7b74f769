/**
 * The address worker's thread: generates batches of pay addresses with RandomKeyAddressAllocator so
 * the key arithmetic and hashing run off the gateway's event loop (WorkerAddressAllocator).
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { type PayAddress, RandomKeyAddressAllocator } from './address-allocator';
import type { AddressBatchReply, AddressBatchRequest, AddressWorkerData } from './address-worker-protocol';

/** Addresses made between two looks at the message queue: at most ~10 ms (ton, monero). */
const SLICE = 16;

if (!parentPort)
  throw new Error('address-worker.ts runs in a worker thread (WorkerAddressAllocator starts it)');
const port: MessagePort = parentPort;
const engine = new RandomKeyAddressAllocator((workerData as AddressWorkerData).catalogue);

interface Job {
  request: AddressBatchRequest;
  addresses: PayAddress[];
}

/**
 * Batches still to make. Urgent ones (an allocation waits for them) go ahead of refills, even one
 * half made, so a network's first payment does not wait behind another network's refill.
 */
const jobs: Job[] = [];
let working = false;

port.on('message', (request: AddressBatchRequest) => {
  const job = { request, addresses: [] };
  const firstRefill = request.urgent ? jobs.findIndex((queued) => !queued.request.urgent) : -1;
  jobs.splice(firstRefill === -1 ? jobs.length : firstRefill, 0, job);
  if (!working) {
    working = true;
    setImmediate(work);
  }
});

async function work(): Promise<void> {
  const job = jobs[0];
  if (!job) {
    working = false;
    return;
  }
  const { id, network, count } = job.request;
  let reply: AddressBatchReply | undefined;
  try {
    const sliceEnd = Math.min(count, job.addresses.length + SLICE);
    while (job.addresses.length < sliceEnd) job.addresses.push(await engine.allocate(network));
    if (job.addresses.length === count) reply = { id, addresses: job.addresses };
  } catch (error) {
    reply = { id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  if (reply) {
    jobs.shift();
    port.postMessage(reply);
  }
  setImmediate(work);
}
