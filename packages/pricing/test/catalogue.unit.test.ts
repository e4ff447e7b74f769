import {
  ADDRESS_FORMATS,
  CuratedPriceFeed,
  PAYMENT_URI_SCHEMES,
  compareAmounts,
  curatedCatalogue,
  findNetwork,
} from '../src';

const { cryptoCurrencies, fiatCurrencies, networks } = curatedCatalogue;
const POSITIVE_DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

describe('curated catalogue', () => {
  it('lists at least 45 crypto currencies and 20 fiat currencies', () => {
    expect(cryptoCurrencies.length).toBeGreaterThanOrEqual(45);
    expect(fiatCurrencies.length).toBeGreaterThanOrEqual(20);
  });

  it('gives every currency a unique lowercase code, aliases included', () => {
    const codes = [
      ...cryptoCurrencies.flatMap((crypto) => [crypto.code, ...crypto.aliases]),
      ...fiatCurrencies.map((fiat) => fiat.code),
    ];
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]+$/);
  });

  it('lists the codes merchants send to NOWPayments', () => {
    const codes = new Set(cryptoCurrencies.map((crypto) => crypto.code));
    for (const code of [
      'btc',
      'eth',
      'usdterc20',
      'usdttrc20',
      'usdtbsc',
      'usdtsol',
      'usdtmatic',
      'usdc',
      'usdcsol',
    ]) {
      expect(codes).toContain(code);
    }
    for (const code of [
      'ltc',
      'trx',
      'sol',
      'ton',
      'doge',
      'xmr',
      'bnbbsc',
      'bch',
      'dash',
      'xrp',
      'ada',
      'dot',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it('puts every crypto on a catalogued network with a known address format and scheme', () => {
    for (const network of networks) {
      expect(ADDRESS_FORMATS).toContain(network.addressFormat);
      if (network.uriScheme !== null) expect(PAYMENT_URI_SCHEMES).toContain(network.uriScheme);
      expect(network.evmChainId !== null).toBe(network.addressFormat === 'evm');
    }
    for (const crypto of cryptoCurrencies) {
      const network = findNetwork(crypto.network);
      expect(network).not.toBeNull();
      expect(crypto.addressFormat).toBe(network?.addressFormat);
      expect(crypto.networkName).toBe(network?.name);
      expect(crypto.requiredConfirmations).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps decimals sane: whole numbers, pay precision no finer than the chain unit', () => {
    for (const crypto of cryptoCurrencies) {
      expect(Number.isInteger(crypto.decimals)).toBe(true);
      expect(crypto.decimals).toBeGreaterThanOrEqual(0);
      expect(crypto.decimals).toBeLessThanOrEqual(crypto.chainDecimals);
      expect(crypto.chainDecimals).toBeLessThanOrEqual(24);
    }
    for (const fiat of fiatCurrencies) expect([0, 2, 3]).toContain(fiat.displayPrecision);
  });

  it('prices every currency with a positive plain decimal string', () => {
    for (const currency of [...cryptoCurrencies, ...fiatCurrencies]) {
      expect(currency.priceUsd).toMatch(POSITIVE_DECIMAL);
      expect(compareAmounts(currency.priceUsd, '0')).toBe(1);
    }
    expect(fiatCurrencies.find((fiat) => fiat.code === 'usd')?.priceUsd).toBe('1');
  });

  it('gives every crypto a positive minimum and non-negative fees as decimal strings', () => {
    for (const crypto of cryptoCurrencies) {
      expect(crypto.minAmountUsd).toMatch(POSITIVE_DECIMAL);
      expect(crypto.withdrawFee).toMatch(POSITIVE_DECIMAL);
      expect(crypto.depositMin).toMatch(POSITIVE_DECIMAL);
    }
  });

  it('charges more for a minimum payment on Bitcoin and Ethereum than on cheap networks', () => {
    const minimum = (code: string) =>
      cryptoCurrencies.find((crypto) => crypto.code === code)?.minAmountUsd ?? '0';
    expect(compareAmounts(minimum('btc'), minimum('trx'))).toBe(1);
    expect(compareAmounts(minimum('usdterc20'), minimum('usdtbsc'))).toBe(1);
  });

  it('pegs stable coins near one dollar', () => {
    const stables = cryptoCurrencies.filter((crypto) => crypto.isStable);
    expect(stables.length).toBeGreaterThanOrEqual(10);
    for (const stable of stables) {
      expect(compareAmounts(stable.priceUsd, '0.98')).toBe(1);
      expect(compareAmounts(stable.priceUsd, '1.02')).toBe(-1);
    }
  });

  it('names a contract for tokens and none for native coins', () => {
    const natives = ['btc', 'eth', 'bnbbsc', 'trx', 'sol', 'ton', 'maticmainnet', 'xmr'];
    for (const code of natives) {
      expect(cryptoCurrencies.find((crypto) => crypto.code === code)?.contractAddress).toBeNull();
    }
    for (const stable of cryptoCurrencies.filter((crypto) => crypto.isStable)) {
      expect(stable.contractAddress).not.toBeNull();
    }
  });

  it('tells a buyer the chain for a native coin and the token standard for a token', () => {
    const paidOn = (code: string) => cryptoCurrencies.find((crypto) => crypto.code === code)?.paidOnName;
    expect(paidOn('eth')).toBe('Ethereum');
    expect(paidOn('usdterc20')).toBe('Ethereum (ERC-20)');
    expect(paidOn('bnbbsc')).toBe('BNB Smart Chain');
    expect(paidOn('usdtbsc')).toBe('BNB Smart Chain (BEP-20)');
    expect(paidOn('trx')).toBe('Tron');
    expect(paidOn('usdttrc20')).toBe('Tron (TRC-20)');
    expect(paidOn('sol')).toBe('Solana');
    expect(paidOn('btc')).toBe('Bitcoin');
    // A parenthesis that is not a token standard stays part of the chain's name.
    expect(findNetwork('zec')?.chainName).toBe('Zcash (transparent)');
    // What the APIs report as the network does not change.
    expect(cryptoCurrencies.find((crypto) => crypto.code === 'eth')?.networkName).toBe('Ethereum (ERC-20)');
  });

  it('serves logos from our own host', () => {
    for (const crypto of cryptoCurrencies)
      expect(crypto.logoUrl).toMatch(/^\/static\/coins\/[a-z0-9]+\.svg$/);
  });

  it('is what the curated price feed quotes', async () => {
    const snapshot = await new CuratedPriceFeed().snapshot();
    expect(snapshot.source).toBe('curated');
    expect(snapshot.takenAt).toBe(curatedCatalogue.pricedAt);
    for (const currency of [...cryptoCurrencies, ...fiatCurrencies]) {
      expect(snapshot.pricesUsd[currency.code]).toBe(currency.priceUsd);
    }
  });
});
