import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournaledCache } from '../src';
import { describeCacheContract } from '../src/testing';

describeCacheContract('journaled', async () => {
  const directory = await mkdtemp(path.join(tmpdir(), 'journaled-cache-contract-'));
  const cache = await JournaledCache.open({ path: path.join(directory, 'cache.jsonl') });
  return {
    cache,
    cleanup: async () => {
      await cache.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
