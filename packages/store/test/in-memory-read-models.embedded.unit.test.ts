import { InMemoryReadModelStore } from '../src';
import { describeReadModelContract } from '../src/testing';

describeReadModelContract('in-memory', async () => {
  const store = new InMemoryReadModelStore();
  return { store, cleanup: () => store.close() };
});
