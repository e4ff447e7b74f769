import { parseWatchOnlyWallet } from '@gw/chain';
import { testAccountPublicKey, testEvmAccountPublicKey } from '@gw/chain/testing';
import { loadConfig } from '@gw/platform';
import type { MerchantDocument } from '@gw/views';
import { payableCoinsOf } from '../src';

const ltcRegtestWallet = () => {
  const { network, ...key } = parseWatchOnlyWallet(testAccountPublicKey(1, 'tpub'), 'ltc', 'regtest');
  return { network, ...key, setAt: '2026-01-01T00:00:00.000Z' };
};
const withWallet: Pick<MerchantDocument, 'wallets'> = { wallets: { ltc: ltcRegtestWallet() } };
const evmWallet = () => {
  const { network, ...key } = parseWatchOnlyWallet(testEvmAccountPublicKey(), 'eth', 'mainnet');
  return { network, ...key, setAt: '2026-01-01T00:00:00.000Z' };
};
const withEvmWallet: Pick<MerchantDocument, 'wallets'> = { wallets: { evm: evmWallet() } };
const withoutWallet: Pick<MerchantDocument, 'wallets'> = {};
const LTC_REGTEST_NODE = { LTC_RPC_URL: 'http://127.0.0.1:1', LTC_CHAIN: 'regtest' };

describe('the coins that can take money now', () => {
  it('are all of them while the sandbox is on: its simulated chain pays any network', () => {
    expect(payableCoinsOf(withoutWallet, loadConfig({ SANDBOX_ENABLED: 'true' }))).toBe('every');
  });

  describe('outside the sandbox', () => {
    it("are the networks with the merchant's wallet and a watcher", () => {
      const config = loadConfig({
        SANDBOX_ENABLED: 'false',
        ...LTC_REGTEST_NODE,
        BTC_RPC_URL: 'http://127.0.0.1:2',
      });
      expect(payableCoinsOf(withWallet, config)).toEqual(new Set(['ltc']));
      expect(payableCoinsOf(withoutWallet, config)).toEqual(new Set());
    });

    it('leave out a wallet whose network no watcher follows', () => {
      expect(payableCoinsOf(withWallet, loadConfig({ SANDBOX_ENABLED: 'false' }))).toEqual(new Set());
    });

    it('leave out a wallet set for another chain than the node follows', () => {
      const mainnetNode = loadConfig({ SANDBOX_ENABLED: 'false', LTC_RPC_URL: 'http://127.0.0.1:1' });
      expect(payableCoinsOf(withWallet, mainnetNode)).toEqual(new Set());
    });

    it("are, on an EVM network with the merchant's evm wallet, the native coin and the configured stablecoins only", () => {
      const config = loadConfig({
        SANDBOX_ENABLED: 'false',
        ETH_RPC_URL: 'http://127.0.0.1:1',
        ETH_CHAIN_ID: '31337',
        BSC_RPC_URL: 'http://127.0.0.1:2',
      });
      const payable = payableCoinsOf(withEvmWallet, config);
      expect(payable).toEqual(new Set(['eth', 'usdterc20', 'usdc', 'bnbbsc', 'usdtbsc', 'usdcbsc']));
      expect(payable).not.toContain('dai');
      expect(payableCoinsOf(withWallet, config)).toEqual(new Set());
    });

    it('are, for a public list without a merchant, the watched coins', () => {
      const config = loadConfig({ SANDBOX_ENABLED: 'false', ...LTC_REGTEST_NODE });
      expect(payableCoinsOf(null, config)).toEqual(new Set(['ltc']));
    });
  });
});
