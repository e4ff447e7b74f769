import { randomBytes } from 'node:crypto';
import { InMemoryCache, type Cache } from '@gw/cache';
import { SecretBox, sha256Hex } from '@gw/platform';
import { InMemoryReadModelStore } from '@gw/store';
import { COLLECTIONS, type MerchantDocument } from '@gw/views';
import { MerchantDirectory } from '../src/merchant-directory';

const merchant = {
  id: 'm-1',
  version: 1,
  merchantId: 'm-1',
  name: 'Shop',
  email: null,
  enabledCoins: null,
  outcomeCurrency: null,
  apiKeyHash: sha256Hex('key-one'),
  betaApiKeyHash: sha256Hex('beta-one'),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as unknown as MerchantDocument;

/** A cache whose server has gone away: every call fails, as ioredis does once its retries run out. */
class UnreachableCache extends InMemoryCache {
  override get(): Promise<string | null> {
    return Promise.reject(new Error('connection is closed'));
  }
  override set(): Promise<void> {
    return Promise.reject(new Error('connection is closed'));
  }
  override delete(): Promise<void> {
    return Promise.reject(new Error('connection is closed'));
  }
}

async function directoryWith(cache: Cache) {
  const readModels = new InMemoryReadModelStore();
  await readModels.collection<MerchantDocument>(COLLECTIONS.merchants).upsertIfNewer(merchant);
  return { readModels, directory: new MerchantDirectory(readModels, cache, new SecretBox(randomBytes(32))) };
}

describe('MerchantDirectory', () => {
  it('finds a merchant by its V1 and family B keys, and nobody by another key', async () => {
    const { directory } = await directoryWith(new InMemoryCache());
    expect((await directory.byApiKey('key-one'))?.merchantId).toBe('m-1');
    expect((await directory.byBetaApiKey('beta-one'))?.merchantId).toBe('m-1');
    expect(await directory.byApiKey('beta-one')).toBeNull();
  });

  it('stops accepting a rotated key although the cache still maps it', async () => {
    const cache = new InMemoryCache();
    const { readModels, directory } = await directoryWith(cache);
    expect(await directory.byApiKey('key-one')).not.toBeNull();
    await readModels
      .collection<MerchantDocument>(COLLECTIONS.merchants)
      .upsertIfNewer({ ...merchant, version: 2, apiKeyHash: sha256Hex('key-two') });
    expect(await directory.byApiKey('key-one')).toBeNull();
    expect((await directory.byApiKey('key-two'))?.merchantId).toBe('m-1');
  });

  it('still checks keys against the read model while the cache is unreachable', async () => {
    const { directory } = await directoryWith(new UnreachableCache());
    expect((await directory.byApiKey('key-one'))?.merchantId).toBe('m-1');
    expect(await directory.byApiKey('wrong')).toBeNull();
  });
});
