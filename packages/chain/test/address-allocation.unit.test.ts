import {
  RandomKeyAddressAllocator,
  UnknownNetworkError,
  validateAddress,
  WorkerAddressAllocator,
} from '../src';
import { describeAddressAllocatorContract } from '../src/testing';

describeAddressAllocatorContract('RandomKeyAddressAllocator', async () => ({
  allocator: new RandomKeyAddressAllocator(),
  cleanup: async () => undefined,
}));

describeAddressAllocatorContract('WorkerAddressAllocator', async () => {
  const allocator = new WorkerAddressAllocator();
  return { allocator, cleanup: () => allocator.close() };
});

describe('validateAddress', () => {
  it('refuses an unknown network', () => {
    expect(() => validateAddress('nope', 'x')).toThrow(UnknownNetworkError);
  });
});
