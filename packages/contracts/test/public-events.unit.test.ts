import { EVENT_MESSAGE_SCHEMA, publicEventData, validatorFor, writeSideOnlyFields } from '../src';

const credentials = {
  apiKeyHash: 'a'.repeat(64),
  betaApiKeyHash: 'b'.repeat(64),
  betaApiKeyCipher: 'cipher-1',
  paymentKeyCipher: 'cipher-2',
  ipnSecretCipher: 'cipher-3',
};
const profile = {
  merchantId: 'merchant-1',
  name: 'Shop',
  email: null,
  enabledCoins: null,
  outcomeCurrency: null,
  createdAt: '2026-11-25T10:00:00.000Z',
};
const message = (type: string, data: Record<string, unknown>) => ({
  eventId: 'e-1',
  type,
  streamId: 'merchant-merchant-1',
  version: 1,
  occurredAt: '2026-11-25T10:00:00.000Z',
  merchantId: 'merchant-1',
  data,
  metadata: { correlationId: 'c', causationId: 'c' },
});

describe('what payments.events carries of merchant events', () => {
  const validate = validatorFor(EVENT_MESSAGE_SCHEMA);

  it('MerchantCreated: the profile, none of the credentials', () => {
    const published = publicEventData('MerchantCreated', { ...profile, ...credentials });

    expect(published).toEqual(profile);
    expect(validate(message('MerchantCreated', published))).toBe(true);
  });

  it('MerchantCredentialRotated: which credential and when, neither the hash nor the cipher', () => {
    const published = publicEventData('MerchantCredentialRotated', {
      credential: 'apiKey',
      hash: 'c'.repeat(64),
      cipher: null,
      at: '2026-11-25T11:00:00.000Z',
    });

    expect(published).toEqual({ credential: 'apiKey', at: '2026-11-25T11:00:00.000Z' });
    expect(validate(message('MerchantCredentialRotated', published))).toBe(true);
  });

  it('still accepts a message published before the credentials were withdrawn (BACKWARD)', () => {
    expect(validate(message('MerchantCreated', { ...profile, ...credentials }))).toBe(true);
  });

  it('leaves every other event type as it is', () => {
    const data = { enabledCoins: ['btc'], at: '2026-11-25T10:00:00.000Z' };
    expect(publicEventData('MerchantCoinsChanged', data)).toBe(data);
    expect(writeSideOnlyFields('PaymentCreated')).toEqual([]);
  });
});
