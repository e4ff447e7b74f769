import { randomBytes } from 'node:crypto';
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

/** The read model's merchants collection, counting the queries the directory sends to it. */
function countingQueries(readModels: InMemoryReadModelStore): string[] {
  const sent: string[] = [];
  const merchants = readModels.collection<MerchantDocument>(COLLECTIONS.merchants);
  const get = merchants.get.bind(merchants);
  const findOne = merchants.findOne.bind(merchants);
  merchants.get = (id) => {
    sent.push(`get ${id}`);
    return get(id);
  };
  merchants.findOne = (filter) => {
    sent.push(`findOne ${JSON.stringify(filter)}`);
    return findOne(filter);
  };
  return sent;
}

async function directoryWith() {
  const readModels = new InMemoryReadModelStore();
  await readModels.collection<MerchantDocument>(COLLECTIONS.merchants).upsertIfNewer(merchant);
  return { readModels, directory: new MerchantDirectory(readModels, new SecretBox(randomBytes(32))) };
}

describe('MerchantDirectory', () => {
  it('finds a merchant by its V1 and family B keys, and nobody by another key', async () => {
    const { directory } = await directoryWith();
    expect((await directory.byApiKey('key-one'))?.merchantId).toBe('m-1');
    expect((await directory.byBetaApiKey('beta-one'))?.merchantId).toBe('m-1');
    expect(await directory.byApiKey('beta-one')).toBeNull();
  });

  it('stops accepting a rotated key at once, although it was looked up just before', async () => {
    const { readModels, directory } = await directoryWith();
    expect(await directory.byApiKey('key-one')).not.toBeNull();
    await readModels
      .collection<MerchantDocument>(COLLECTIONS.merchants)
      .upsertIfNewer({ ...merchant, version: 2, apiKeyHash: sha256Hex('key-two') });
    expect(await directory.byApiKey('key-one')).toBeNull();
    expect((await directory.byApiKey('key-two'))?.merchantId).toBe('m-1');
  });

  it('answers every lookup, repeated or not, with one search by the key hash (an indexed, unique field)', async () => {
    const { readModels, directory } = await directoryWith();
    const sent = countingQueries(readModels);
    await directory.byApiKey('key-one');
    await directory.byApiKey('key-one');
    await directory.byBetaApiKey('beta-one');
    await directory.byApiKey('wrong');
    expect(sent).toEqual([
      `findOne {"apiKeyHash":"${sha256Hex('key-one')}"}`,
      `findOne {"apiKeyHash":"${sha256Hex('key-one')}"}`,
      `findOne {"betaApiKeyHash":"${sha256Hex('beta-one')}"}`,
      `findOne {"apiKeyHash":"${sha256Hex('wrong')}"}`,
    ]);
  });
});
