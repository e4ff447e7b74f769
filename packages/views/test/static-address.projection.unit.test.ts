import type { StaticAddressEvent } from '@gw/domain';
import { sampleStaticAddressTerms, sampleStaticDeposit } from '@gw/domain/testing';
import { projectStaticAddress, type StaticAddressDocument } from '../src';

const AT = '2026-01-02T00:00:00.000Z';
const ID = 'merchant-1:btc:order:top-up-7';

function project(events: StaticAddressEvent[]): StaticAddressDocument | null {
  return events.reduce<StaticAddressDocument | null>(
    (doc, event, i) => projectStaticAddress(doc, event, i + 1, ID),
    null,
  );
}

describe('the static address read model', () => {
  const opened: StaticAddressEvent = { type: 'StaticAddressOpened', data: sampleStaticAddressTerms() };

  it('shows the address with what it received: credited deposits with their payments, refused ones apart', () => {
    const doc = project([
      opened,
      { type: 'StaticDepositCredited', data: { ...sampleStaticDeposit(1), paymentId: 101, at: AT } },
      { type: 'StaticAddressRevoked', data: { at: AT } },
      { type: 'StaticDepositRefused', data: { ...sampleStaticDeposit(2, { amount: '0.5' }), at: AT } },
    ]);
    expect(doc).toMatchObject({
      id: ID,
      version: 4,
      staticAddressId: 5_105_640_311,
      address: 'bcrt1qstatic',
      status: 'revoked',
      revokedAt: AT,
      hasDeposits: true,
      deposits: [
        {
          txHash: sampleStaticDeposit(1).txHash,
          outputIndex: 0,
          payCurrency: 'btc',
          amount: '0.001',
          paymentId: 101,
          detectedAt: AT,
        },
      ],
      refusedDeposits: [
        {
          txHash: sampleStaticDeposit(2).txHash,
          outputIndex: 0,
          payCurrency: 'btc',
          amount: '0.5',
          detectedAt: AT,
        },
      ],
    });
  });

  it('starts open with nothing received, and opening again changes nothing', () => {
    const doc = project([opened, opened]);
    expect(doc).toMatchObject({
      status: 'open',
      hasDeposits: false,
      deposits: [],
      refusedDeposits: [],
      version: 1,
    });
  });

  it('has no document before it opened', () => {
    expect(project([{ type: 'StaticAddressRevoked', data: { at: AT } }])).toBeNull();
  });
});
