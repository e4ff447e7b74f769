import { staticAddressAggregate, staticDepositTerms, type StaticAddressEvent } from '../src';
import { deciderSpec, sampleStaticAddressTerms, sampleStaticDeposit } from '../src/testing';

const spec = deciderSpec(staticAddressAggregate);
const metadata = (now: string) => ({ now, correlationId: 'c', causationId: 'c' });
const AT = '2026-01-02T00:00:00.000Z';
const opened: StaticAddressEvent = { type: 'StaticAddressOpened', data: sampleStaticAddressTerms() };
const credited = (n: number, paymentId: number): StaticAddressEvent => ({
  type: 'StaticDepositCredited',
  data: { ...sampleStaticDeposit(n), paymentId, at: AT },
});
const revoked: StaticAddressEvent = { type: 'StaticAddressRevoked', data: { at: AT } };
const record = (n: number, paymentId: number, overrides = {}) => ({
  type: 'RecordStaticDeposit' as const,
  data: { ...sampleStaticDeposit(n, overrides), paymentId },
  metadata: metadata(AT),
});

describe('a static address', () => {
  it('opens once: asking again for the same stream is refused', () => {
    const open = {
      type: 'OpenStaticAddress' as const,
      data: sampleStaticAddressTerms(),
      metadata: metadata(AT),
    };
    spec.given([]).when(open).then([opened]);
    spec.given([opened]).when(open).thenThrows('STREAM_ALREADY_EXISTS');
  });

  describe('when open', () => {
    it('credits every deposit as a payment of its own', () => {
      spec
        .given([opened])
        .when(record(1, 101))
        .then([credited(1, 101)]);
      spec
        .given([opened, credited(1, 101)])
        .when(record(2, 102))
        .then([credited(2, 102)]);
      expect(spec.given([opened, credited(1, 101), credited(2, 102)]).state()).toMatchObject({
        status: 'open',
        deposits: { [sampleStaticDeposit(1).depositId]: 101, [sampleStaticDeposit(2).depositId]: 102 },
      });
    });

    it('decides a deposit reported again nothing new, whatever payment id the report proposes', () => {
      spec
        .given([opened, credited(1, 101)])
        .when(record(1, 999))
        .then([]);
    });

    it('takes only the coins it was opened for, and positive amounts', () => {
      spec
        .given([opened])
        .when(record(1, 101, { payCurrency: 'ltc' }))
        .thenThrows('UNKNOWN_CURRENCY');
      spec
        .given([opened])
        .when(record(1, 101, { amount: '0' }))
        .thenThrows('INVALID_AMOUNT');
    });
  });

  describe('when revoked', () => {
    it('refuses a late deposit: recorded, no payment', () => {
      spec
        .given([opened, credited(1, 101), revoked])
        .when(record(2, 102))
        .then([{ type: 'StaticDepositRefused', data: { ...sampleStaticDeposit(2), at: AT } }]);
    });

    it('keeps what it credited before, and a second revocation changes nothing', () => {
      const state = spec.given([opened, credited(1, 101), revoked]).state();
      expect(state).toMatchObject({
        status: 'revoked',
        revokedAt: AT,
        deposits: { [sampleStaticDeposit(1).depositId]: 101 },
      });
      spec
        .given([opened, revoked])
        .when({ type: 'RevokeStaticAddress', data: {}, metadata: metadata(AT) })
        .then([]);
    });
  });

  it('is not found before it opened', () => {
    spec.given([]).when(record(1, 101)).thenThrows('NOT_FOUND');
    spec
      .given([])
      .when({ type: 'RevokeStaticAddress', data: {}, metadata: metadata(AT) })
      .thenThrows('NOT_FOUND');
  });
});

describe("a static deposit's payment", () => {
  const terms = staticDepositTerms(sampleStaticAddressTerms(), sampleStaticDeposit(1), {
    paymentId: 101,
    uuid: '8b03432e-0000-4000-8000-000000000009',
    createdAt: AT,
    payDecimals: 8,
    requiredConfirmations: 2,
  });

  it('is a static_address payment of what arrived, at the address, counting only money newer than the address', () => {
    expect(terms).toMatchObject({
      paymentId: 101,
      trackId: '101',
      family: 'beta',
      kind: 'static_address',
      priceAmount: '0.001',
      priceCurrency: 'btc',
      payAmount: '0.001',
      payCurrency: 'btc',
      payNetwork: 'btc',
      payAddress: 'bcrt1qstatic',
      payWalletKeyId: '0123456789abcdef',
      payAddressIndex: 4,
      payAddressChainTip: { height: 120, hash: 'a'.repeat(64) },
      testPayment: false,
      orderId: 'top-up-7',
      callbackUrl: 'https://shop.example/cb',
      requiredConfirmations: 2,
      beta: { description: 'Top-ups of customer 7' },
    });
  });
});
