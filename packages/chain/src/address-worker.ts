/**
 * The address worker's thread: generates batches of pay addresses with RandomKeyAddressAllocator so
 * the key arithmetic and hashing run off the gateway's event loop (WorkerAddressAllocator).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { RandomKeyAddressAllocator } from './address-allocator';
import type { AddressBatchReply, AddressBatchRequest, AddressWorkerData } from './address-worker-protocol';

const port = parentPort;
if (!port) throw new Error('address-worker.ts runs in a worker thread (WorkerAddressAllocator starts it)');
const engine = new RandomKeyAddressAllocator((workerData as AddressWorkerData).catalogue);

port.on('message', async ({ id, network, count }: AddressBatchRequest) => {
  let reply: AddressBatchReply;
  try {
    const addresses = [];
    for (let i = 0; i < count; i++) addresses.push(await engine.allocate(network));
    reply = { id, addresses };
  } catch (error) {
    reply = { id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  port.postMessage(reply);
});
