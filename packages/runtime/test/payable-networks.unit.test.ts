import { parseWatchOnlyWallet } from '@gw/chain';
import { testAccountPublicKey } from '@gw/chain/src/testing';
import { loadConfig } from '@gw/platform';
import type { MerchantDocument } from '@gw/views';
import { payableNetworksOf } from '../src';

const ltcRegtestWallet = () => {
  const { network, ...key } = parseWatchOnlyWallet(testAccountPublicKey(1, 'tpub'), 'ltc', 'regtest');
  return { network, ...key, setAt: '2026-01-01T00:00:00.000Z' };
};
const withWallet: Pick<MerchantDocument, 'wallets'> = { wallets: { ltc: ltcRegtestWallet() } };
const withoutWallet: Pick<MerchantDocument, 'wallets'> = {};
const LTC_REGTEST_NODE = { LTC_RPC_URL: 'http://127.0.0.1:1', LTC_CHAIN: 'regtest' };

describe('the networks that can take money now', () => {
  it('are all of them while the sandbox is on: its simulated chain pays any network', () => {
    expect(payableNetworksOf(withoutWallet, loadConfig({ SANDBOX_ENABLED: 'true' }))).toBe('every');
  });

  describe('outside the sandbox', () => {
    it("are the networks with the merchant's wallet and a watcher", () => {
      const config = loadConfig({
        SANDBOX_ENABLED: 'false',
        ...LTC_REGTEST_NODE,
        BTC_RPC_URL: 'http://127.0.0.1:2',
      });
      expect(payableNetworksOf(withWallet, config)).toEqual(new Set(['ltc']));
      expect(payableNetworksOf(withoutWallet, config)).toEqual(new Set());
    });

    it('leave out a wallet whose network no watcher follows', () => {
      expect(payableNetworksOf(withWallet, loadConfig({ SANDBOX_ENABLED: 'false' }))).toEqual(new Set());
    });

    it('leave out a wallet set for another chain than the node follows', () => {
      const mainnetNode = loadConfig({ SANDBOX_ENABLED: 'false', LTC_RPC_URL: 'http://127.0.0.1:1' });
      expect(payableNetworksOf(withWallet, mainnetNode)).toEqual(new Set());
    });

    it('are, for a public list without a merchant, the watched networks', () => {
      const config = loadConfig({ SANDBOX_ENABLED: 'false', ...LTC_REGTEST_NODE });
      expect(payableNetworksOf(null, config)).toEqual(new Set(['ltc']));
    });
  });
});
