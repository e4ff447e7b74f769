import { toEventMessage } from '../src/outbox-relay';

describe('the outbox relay’s messages', () => {
  it('publish MerchantCreated without the credentials the event store keeps', () => {
    const message = toEventMessage({
      eventId: 'e-1',
      type: 'MerchantCreated',
      streamId: 'merchant-m1',
      version: 1,
      occurredAt: '2026-11-25T10:00:00.000Z',
      merchantId: 'm1',
      data: {
        merchantId: 'm1',
        name: 'Shop',
        email: null,
        enabledCoins: null,
        outcomeCurrency: null,
        createdAt: '2026-11-25T10:00:00.000Z',
        apiKeyHash: 'hash-1',
        betaApiKeyHash: 'hash-2',
        betaApiKeyCipher: 'cipher-1',
        paymentKeyCipher: 'cipher-2',
        ipnSecretCipher: 'cipher-3',
      },
      metadata: { correlationId: 'c', causationId: 'c' },
    });

    expect(Object.keys(message.data).sort()).toEqual(
      ['createdAt', 'email', 'enabledCoins', 'merchantId', 'name', 'outcomeCurrency'].sort(),
    );
    expect(JSON.stringify(message)).not.toMatch(/hash-|cipher-/);
  });
});
