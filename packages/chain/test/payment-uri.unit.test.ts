import { loadConfig } from '@gw/platform';
import { InvalidAmountError, NotACryptoCurrencyError, UnknownCurrencyError } from '@gw/pricing';
import { paymentUri } from '../src';

const EVM_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('paymentUri', () => {
  it('writes BIP-21 URIs for bitcoin-like coins', () => {
    expect(paymentUri('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '0.00123456')).toBe(
      'bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4?amount=0.00123456',
    );
    expect(paymentUri('ltc', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea', '1.5')).toBe(
      'litecoin:ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea?amount=1.5',
    );
    expect(paymentUri('doge', 'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU', '100')).toBe(
      'dogecoin:DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU?amount=100',
    );
    expect(paymentUri('dash', 'Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6b', '0.25')).toBe(
      'dash:Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6b?amount=0.25',
    );
  });

  it('does not repeat the scheme a CashAddr address already carries', () => {
    expect(paymentUri('bch', 'bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807', '0.01')).toBe(
      'bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807?amount=0.01',
    );
    expect(paymentUri('bch', '1DrNXqCj2B8FKyx66RAWDkiEJhw2yrvhT3', '0.01')).toBe(
      'bitcoincash:1DrNXqCj2B8FKyx66RAWDkiEJhw2yrvhT3?amount=0.01',
    );
  });

  it('writes EIP-681 native transfers in wei with the chain id', () => {
    expect(paymentUri('eth', EVM_ADDRESS, '0.015')).toBe(`ethereum:${EVM_ADDRESS}@1?value=15000000000000000`);
    expect(paymentUri('bnbbsc', EVM_ADDRESS, '1')).toBe(
      `ethereum:${EVM_ADDRESS}@56?value=1000000000000000000`,
    );
    expect(paymentUri('ethbase', EVM_ADDRESS, '0.5')).toBe(
      `ethereum:${EVM_ADDRESS}@8453?value=500000000000000000`,
    );
  });

  it('writes EIP-681 token transfers as a transfer call in the token smallest units', () => {
    expect(paymentUri('usdterc20', EVM_ADDRESS, '25.5')).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${EVM_ADDRESS}&uint256=25500000`,
    );
    expect(paymentUri('usdtbsc', EVM_ADDRESS, '10')).toBe(
      `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${EVM_ADDRESS}&uint256=10000000000000000000`,
    );
    expect(paymentUri('usdcmatic', EVM_ADDRESS, '3')).toBe(
      `ethereum:0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359@137/transfer?address=${EVM_ADDRESS}&uint256=3000000`,
    );
  });

  describe('on an EVM network whose watcher is configured', () => {
    const TEST_USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const { chainWatchers } = loadConfig({
      ETH_RPC_URL: 'http://127.0.0.1:8545',
      ETH_CHAIN_ID: '31337',
      ETH_USDT_CONTRACT: TEST_USDT,
      BSC_RPC_URL: 'http://127.0.0.1:8546',
    });

    it('names the configured token contract and chain id, not the catalogue mainnet ones', () => {
      expect(paymentUri('usdterc20', EVM_ADDRESS, '25.5', { chainWatchers })).toBe(
        `ethereum:${TEST_USDT}@31337/transfer?address=${EVM_ADDRESS}&uint256=25500000`,
      );
      expect(paymentUri('eth', EVM_ADDRESS, '0.015', { chainWatchers })).toBe(
        `ethereum:${EVM_ADDRESS}@31337?value=15000000000000000`,
      );
    });

    it("keeps a token's mainnet contract where its variable is left at the default", () => {
      expect(paymentUri('usdcerc20', EVM_ADDRESS, '1', { chainWatchers })).toBe(
        `ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@31337/transfer?address=${EVM_ADDRESS}&uint256=1000000`,
      );
      expect(paymentUri('usdtbsc', EVM_ADDRESS, '10', { chainWatchers })).toBe(
        `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${EVM_ADDRESS}&uint256=10000000000000000000`,
      );
    });

    it('leaves a network without a node at the catalogue', () => {
      expect(paymentUri('usdtmatic', EVM_ADDRESS, '3', { chainWatchers })).toBe(
        `ethereum:0xc2132D05D31c914a87C6611C10748AEb04B58e8F@137/transfer?address=${EVM_ADDRESS}&uint256=3000000`,
      );
    });
  });

  it('writes Solana Pay URIs, naming the mint of SPL tokens', () => {
    const address = '833XorXTTx5iya5B3Tr6iqEs9GbRuvVfwyLCP2vpdzhq';
    expect(paymentUri('sol', address, '0.75')).toBe(`solana:${address}?amount=0.75`);
    expect(paymentUri('usdcsol', address, '12')).toBe(
      `solana:${address}?amount=12&spl-token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`,
    );
  });

  it('writes monero, tron, ripple and cardano URIs with their amount parameter', () => {
    const xmr =
      '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A';
    expect(paymentUri('xmr', xmr, '0.05')).toBe(`monero:${xmr}?tx_amount=0.05`);
    expect(paymentUri('trx', 'TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r', '40')).toBe(
      'tron:TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r?amount=40',
    );
    expect(paymentUri('xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', '7.25')).toBe(
      'ripple:rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh?amount=7.25',
    );
    expect(paymentUri('ada', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8', '20')).toBe(
      'web+cardano:addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8?amount=20',
    );
  });

  it('writes TON transfer links in nanotons, with the jetton master for jettons', () => {
    const address = 'UQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_p0p';
    expect(paymentUri('ton', address, '1.5')).toBe(`ton://transfer/${address}?amount=1500000000`);
    expect(paymentUri('usdtton', address, '2')).toBe(
      `ton://transfer/${address}?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=2000000`,
    );
  });

  it('writes SEP-7 and ARC-26 URIs for Stellar and Algorand', () => {
    const xlm = 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
    expect(paymentUri('xlm', xlm, '30')).toBe(`web+stellar:pay?destination=${xlm}&amount=30`);
    const algo = 'GONISIUAYDOMHM7VURRAAAP5H6OAWRRBCPXEIOZO3QI7TZKR5GTAQ7WK7Y';
    expect(paymentUri('algo', algo, '2.5')).toBe(`algorand://${algo}?amount=2500000`);
  });

  it('gives the bare address where wallets agree on no URI', () => {
    expect(paymentUri('usdttrc20', 'TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r', '10')).toBe(
      'TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r',
    );
    expect(paymentUri('dot', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', '3')).toBe(
      '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
    );
  });

  it('leaves the amount out when none is given', () => {
    expect(paymentUri('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(
      'bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(paymentUri('usdterc20', EVM_ADDRESS, null)).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${EVM_ADDRESS}`,
    );
  });

  it('writes amounts as plain decimals, never with an exponent', () => {
    expect(paymentUri('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 1e-7)).toBe(
      'bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4?amount=0.0000001',
    );
    expect(paymentUri('usdcsol', '833XorXTTx5iya5B3Tr6iqEs9GbRuvVfwyLCP2vpdzhq', '5.10')).toBe(
      'solana:833XorXTTx5iya5B3Tr6iqEs9GbRuvVfwyLCP2vpdzhq?amount=5.1&spl-token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    );
  });

  it('rounds an amount finer than the smallest chain unit up, so the buyer never underpays', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point
    expect(paymentUri('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 0.1 + 0.2)).toBe(
      'bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4?amount=0.30000001',
    );
    expect(paymentUri('usdterc20', EVM_ADDRESS, '1.0000001')).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${EVM_ADDRESS}&uint256=1000001`,
    );
  });

  it('finds currencies by alias, case-insensitively, and refuses the rest', () => {
    expect(paymentUri('USDCERC20', EVM_ADDRESS, '1')).toBe(
      `ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${EVM_ADDRESS}&uint256=1000000`,
    );
    expect(() => paymentUri('nope', EVM_ADDRESS, '1')).toThrow(UnknownCurrencyError);
    expect(() => paymentUri('usd', EVM_ADDRESS, '1')).toThrow(NotACryptoCurrencyError);
    expect(() => paymentUri('eth', EVM_ADDRESS, 'lots')).toThrow(InvalidAmountError);
  });
});
