import type { MerchantCreated } from '../src/merchant/merchant';
import type { CommandMetadata } from '../src/messages';
import { SAMPLE_CREATED_AT, samplePaymentTerms } from '../src/testing/payment-fixtures';

export const CREATED_AT = SAMPLE_CREATED_AT;

export const meta = (now = '2026-01-01T10:05:00.000Z'): CommandMetadata => ({
  now,
  correlationId: 'corr-1',
  causationId: 'cause-1',
});

/** The domain tests' payment: the shared sample. */
export const paymentTerms = samplePaymentTerms;

/** The domain tests' merchant, as created. */
export const merchant: MerchantCreated['data'] = {
  merchantId: 'm1',
  name: 'Shop',
  email: null,
  enabledCoins: null,
  outcomeCurrency: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  apiKeyHash: 'h1',
  betaApiKeyHash: 'h2',
  betaApiKeyCipher: 'c2',
  paymentKeyCipher: 'c3',
  ipnSecretCipher: 'c4',
};
