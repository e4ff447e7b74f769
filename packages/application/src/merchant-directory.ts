import type { Cache } from '@gw/cache';
import { sha256Hex, type SecretBox } from '@gw/platform';
import type { ReadModelStore } from '@gw/store';
import { COLLECTIONS, type MerchantDocument } from '@gw/views';

const CACHE_TTL_MS = 60_000;

/**
 * Finds merchants by the credentials they present. Keys are looked up by their SHA-256 hash, through
 * the cache; a cached entry is re-checked against the read model's current hash, so a rotated key
 * stops working at once even while an old cache entry lives.
 */
export class MerchantDirectory {
  constructor(
    private readonly readModels: ReadModelStore,
    private readonly cache: Cache,
    private readonly secrets: SecretBox,
  ) {}

  private get merchants() {
    return this.readModels.collection<MerchantDocument>(COLLECTIONS.merchants);
  }

  byId(merchantId: string): Promise<MerchantDocument | null> {
    return this.merchants.get(merchantId);
  }

  /** V1 `x-api-key`. */
  byApiKey(apiKey: string): Promise<MerchantDocument | null> {
    return this.byHash('apiKeyHash', sha256Hex(apiKey));
  }

  /** Family B `merchant_api_key`. */
  byBetaApiKey(apiKey: string): Promise<MerchantDocument | null> {
    return this.byHash('betaApiKeyHash', sha256Hex(apiKey));
  }

  /** Family A payment key, for verifying `sign`. Bound to the merchant id as associated data. */
  paymentKeyOf(merchant: MerchantDocument): string {
    return this.secrets.open(merchant.paymentKeyCipher, merchant.merchantId);
  }

  ipnSecretOf(merchant: MerchantDocument): string {
    return this.secrets.open(merchant.ipnSecretCipher, merchant.merchantId);
  }

  betaApiKeyOf(merchant: MerchantDocument): string {
    return this.secrets.open(merchant.betaApiKeyCipher, merchant.merchantId);
  }

  private async byHash(
    field: 'apiKeyHash' | 'betaApiKeyHash',
    hash: string,
  ): Promise<MerchantDocument | null> {
    const cacheKey = `merchant-key:${field}:${hash}`;
    // The cache only saves a read-model query: while it is unreachable, keys are still checked.
    const cachedId = await this.cache.get(cacheKey).catch(() => null);
    if (cachedId) {
      const merchant = await this.merchants.get(cachedId);
      if (merchant && merchant[field] === hash) return merchant;
      await this.cache.delete(cacheKey).catch(() => undefined);
    }
    const merchant = await this.merchants.findOne({ [field]: hash });
    if (merchant) await this.cache.set(cacheKey, merchant.merchantId, CACHE_TTL_MS).catch(() => undefined);
    return merchant;
  }
}
