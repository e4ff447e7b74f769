import { InMemoryCache } from '../src';
import { describeCacheContract } from '../src/testing';

describeCacheContract('in-memory', async () => {
  const cache = new InMemoryCache();
  return { cache, cleanup: () => cache.close() };
});
