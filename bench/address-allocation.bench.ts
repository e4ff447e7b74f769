/**
 * Main-thread CPU per pay address: RandomKeyAddressAllocator (generates on the event loop) against
 * WorkerAddressAllocator (a worker thread generates, the event loop only takes from a pool), 32
 * allocations in flight at a time as a loaded gateway makes them. CPU is the main thread's own
 * (/proc/self/task/<pid>/stat, 10 ms resolution), so the worker's share is left out; wall time is what
 * the allocations took. Linux only. Run: `npx tsx bench/address-allocation.bench.ts [--count 100000]`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type AddressAllocator,
  RandomKeyAddressAllocator,
  WorkerAddressAllocator,
} from '../packages/chain/src';

const { values } = parseArgs({ options: { count: { type: 'string', default: '100000' } } });
const count = Number(values.count);
const IN_FLIGHT = 32;

function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(allocator: AddressAllocator, network: string) {
  for (let i = 0; i < 5_000; i++) await allocator.allocate(network);
  const cpuBefore = mainThreadCpuMs();
  const started = performance.now();
  for (let i = 0; i < count; i += IN_FLIGHT)
    await Promise.all(Array.from({ length: IN_FLIGHT }, () => allocator.allocate(network)));
  const perAddress = (ms: number) => Math.round((ms * 1000 * 100) / count) / 100;
  return {
    mainThreadCpuUsPerAddress: perAddress(mainThreadCpuMs() - cpuBefore),
    wallUsPerAddress: perAddress(performance.now() - started),
  };
}

async function main() {
  const worker = new WorkerAddressAllocator();
  const results = [];
  for (const network of ['btc', 'eth', 'btc', 'eth']) {
    results.push({
      network,
      allocator: 'RandomKey',
      ...(await measure(new RandomKeyAddressAllocator(), network)),
    });
    results.push({ network, allocator: 'Worker', ...(await measure(worker, network)) });
  }
  await worker.close();
  console.log(JSON.stringify({ count, inFlight: IN_FLIGHT, results }, null, 2));
}

void main();
