import { sha256Hex, type SecretBox } from '@gw/platform';
import type { ReadModelStore } from '@gw/store';
import { COLLECTIONS, type MerchantDocument } from '@gw/views';

/**
 * Finds merchants by the credentials they present. Keys are looked up by their SHA-256 hash in the
 * read model, which has a unique index on each hash, so a rotated key stops working as soon as the
 * merchant's document carries the new hash. One query a lookup: a cache in front (a Redis GET for the
 * merchant id, then the document read by id to re-check the hash) made it two round trips, and on
 * FerretDB a read by id costs what the search by hash does.
 */
export class MerchantDirectory {
  constructor(
    private readonly readModels: ReadModelStore,
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

  private byHash(field: 'apiKeyHash' | 'betaApiKeyHash', hash: string): Promise<MerchantDocument | null> {
    return this.merchants.findOne({ [field]: hash });
  }
}
