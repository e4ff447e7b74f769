import { decideFromHistory, merchantAggregate, parseStreamId, streamIdOf, walletAggregate } from '../src';
import type { MerchantCreated, MerchantWallet } from '../src/merchant/merchant';
import type { SetMerchantWallet } from '../src/merchant/merchant.decide';
import {
  allocatedIndexOf,
  walletIdOf,
  type AllocatePayAddress,
  type SkipUsedPayAddress,
  type WalletEvent,
} from '../src/wallet/wallet';
import { deciderSpec } from '../src/testing/decider-spec';
import { merchant, meta } from './fixtures';

const metadata = meta();

const allocate = (paymentId: number): AllocatePayAddress => ({
  type: 'AllocatePayAddress',
  data: { paymentId },
  metadata,
});
const allocated = (index: number, paymentId: number): WalletEvent => ({
  type: 'PayAddressAllocated',
  data: { index, paymentId, at: metadata.now },
});

describe('a wallet handing out receive addresses', () => {
  const spec = deciderSpec(walletAggregate);

  it('gives the first payment index 0', () => {
    spec
      .given([])
      .when(allocate(11))
      .then([allocated(0, 11)]);
  });

  it('gives every next payment the next index, never one handed out before', () => {
    spec
      .given([allocated(0, 11), allocated(1, 12), allocated(2, 13)])
      .when(allocate(14))
      .then([allocated(3, 14)]);
  });

  it('points an allocation reply at its index: one event per allocation', () => {
    const history: WalletEvent[] = [];
    for (const paymentId of [21, 22, 23]) {
      history.push(...(decideFromHistory(allocate(paymentId), history) as WalletEvent[]));
      expect(allocatedIndexOf(history.length)).toBe(history.at(-1)!.data.index);
    }
  });

  describe('when the address just handed out has history on its chain', () => {
    const skip = (paymentId: number, skippedIndex: number): SkipUsedPayAddress => ({
      type: 'SkipUsedPayAddress',
      data: { paymentId, skippedIndex, skippedAddress: `addr-${skippedIndex}`, txHash: 'tx-old' },
      metadata,
    });
    const skipped = (skippedIndex: number, index: number, paymentId: number): WalletEvent => ({
      type: 'UsedPayAddressSkipped',
      data: {
        skippedIndex,
        skippedAddress: `addr-${skippedIndex}`,
        txHash: 'tx-old',
        index,
        paymentId,
        at: metadata.now,
      },
    });

    it('records the skip and gives the payment the next index', () => {
      spec
        .given([allocated(0, 11)])
        .when(skip(11, 0))
        .then([skipped(0, 1, 11)]);
    });

    it('gives the next index even when another payment took one since', () => {
      spec
        .given([allocated(0, 11), allocated(1, 12)])
        .when(skip(11, 0))
        .then([skipped(0, 2, 11)]);
    });

    it('never hands the skipped index out again', () => {
      spec
        .given([allocated(0, 11), skipped(0, 1, 11)])
        .when(allocate(12))
        .then([allocated(2, 12)]);
    });

    it('refuses to skip an index never handed out', () => {
      spec
        .given([allocated(0, 11)])
        .when(skip(11, 1))
        .thenThrows('NOT_FOUND');
    });

    it('still points a reply at its index: a skip hands out one index too', () => {
      const history: WalletEvent[] = [];
      for (const command of [allocate(31), skip(31, 0), skip(31, 1), allocate(32)]) {
        history.push(...(decideFromHistory(command, history) as WalletEvent[]));
        expect(allocatedIndexOf(history.length)).toBe(history.at(-1)!.data.index);
      }
    });
  });

  it('lives on a stream per merchant, network and key', () => {
    const walletId = walletIdOf({
      merchantId: '8b03432e-0000-4000-8000-000000000001',
      network: 'btc',
      keyId: 'ab12',
    });
    expect(parseStreamId(streamIdOf('wallet', walletId))).toEqual({ aggregate: 'wallet', id: walletId });
  });
});

describe("a merchant's watch-only wallet", () => {
  const spec = deciderSpec(merchantAggregate);
  const created: MerchantCreated = { type: 'MerchantCreated', data: merchant };
  const wallet = (extendedPublicKey: string): Omit<MerchantWallet, 'setAt'> => ({
    network: 'ltc',
    chainKind: 'regtest',
    extendedPublicKey,
    descriptor: `wpkh(${extendedPublicKey}/0/*)#checksum`,
    keyId: extendedPublicKey.slice(-4),
  });
  const setWallet = (extendedPublicKey: string): SetMerchantWallet => ({
    type: 'SetMerchantWallet',
    data: wallet(extendedPublicKey),
    metadata,
  });

  it('is set for a chain, stamped with the command time', () => {
    spec
      .given([created])
      .when(setWallet('tpubA'))
      .then([{ type: 'MerchantWalletSet', data: { ...wallet('tpubA'), setAt: metadata.now } }]);
  });

  it('changes nothing when the same key is set again', () => {
    spec
      .given([created, { type: 'MerchantWalletSet', data: { ...wallet('tpubA'), setAt: metadata.now } }])
      .when(setWallet('tpubA'))
      .then([]);
  });

  it('is replaced by another key, one wallet per chain', () => {
    const state = spec
      .given([
        created,
        { type: 'MerchantWalletSet', data: { ...wallet('tpubA'), setAt: metadata.now } },
        { type: 'MerchantWalletSet', data: { ...wallet('tpubB'), setAt: metadata.now } },
      ])
      .state();
    expect(state.status === 'active' && Object.values(state.wallets).map((w) => w.extendedPublicKey)).toEqual(
      ['tpubB'],
    );
  });

  it('needs the merchant', () => {
    spec.given([]).when(setWallet('tpubA')).thenThrows('NOT_FOUND');
  });

  describe('removed', () => {
    const remove = { type: 'RemoveMerchantWallet' as const, data: { network: 'ltc' }, metadata };
    const withWallet = [
      created,
      { type: 'MerchantWalletSet' as const, data: { ...wallet('tpubA'), setAt: metadata.now } },
    ];

    it('leaves the merchant without a wallet on that chain', () => {
      spec
        .given(withWallet)
        .when(remove)
        .then([{ type: 'MerchantWalletRemoved', data: { network: 'ltc', at: metadata.now } }]);
      const state = spec
        .given([...withWallet, { type: 'MerchantWalletRemoved', data: { network: 'ltc', at: metadata.now } }])
        .state();
      expect(state.status === 'active' && state.wallets).toEqual({});
    });

    it('is refused as not found when the merchant has no wallet on that chain', () => {
      spec.given([created]).when(remove).thenThrows('NOT_FOUND');
      spec
        .given([...withWallet, { type: 'MerchantWalletRemoved', data: { network: 'ltc', at: metadata.now } }])
        .when(remove)
        .thenThrows('NOT_FOUND');
    });
  });
});
