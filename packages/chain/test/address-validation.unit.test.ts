import { curatedCatalogue } from '@gw/pricing';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { createBase58check } from '@scure/base';
import { toChecksumAddress, validateAddress } from '../src';
import { p2wpkhAddress } from '../src/formats/bitcoin-like';
import { evmAddressOf } from '../src/formats/evm';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const XRP = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Known-good mainnet addresses (BIP-173/350, EIP-55, CIP-19 and explorers' examples). */
interface Vectors {
  alphabet: string;
  valid: string[];
  invalid: string[];
  /** Valid addresses whose checksum must catch a flipped character; all valid ones unless stated. */
  checksummed?: string[];
}

const vectors: Record<string, Vectors> = {
  btc: {
    alphabet: BECH32,
    valid: [
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      'BC1SW50QGDZ25J',
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
      'bc1q2t63ewm3mvh0ztmnmezxm7s0tefknenxlrlwrk',
    ],
    invalid: [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2',
      'bc1rw5uspcuh',
      'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
      'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
      'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
      'bc1gmk9yu',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
      'BC1SW50QA3JX3S',
      'bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
    ],
  },
  btcLegacy: {
    alphabet: BASE58,
    valid: [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '12KYrjTdVGjFMtaxERSk3gphreJ5US8aUP',
      '3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt',
    ],
    invalid: [
      '1A1zP1ePQGefi2DMPTifTL5SLmv7DivfNa',
      'mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef',
      'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU',
    ],
  },
  ltc: {
    alphabet: BASE58,
    valid: [
      'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9',
      'LTpYZG19YmfvY2bBDYtCKpunVRw7nVgRHW',
      'Lb6wDP2kHGyWC7vrZuZAgV7V4ECyDdH7a6',
      'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
      '3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt',
    ],
    invalid: ['bc1q2t63ewm3mvh0ztmnmezxm7s0tefknenxlrlwrk', 'tltc1qu78xur5xnq6fjy83amy0qcjfau8m367defyhms'],
  },
  dgb: {
    alphabet: BASE58,
    valid: [
      'DG2rM2orU2JH5i4ACh3AKNpRTNESdv5xf8',
      'DBR2Lj1F17eHGHXgbpae2Wb4m39bDyA1qo',
      'SiEgX2mSYJjVN9YGuC23uckE6BS1ZSHcGD',
      'dgb1q00002724tefpjkpn8mp233uyqwd8hnny55e0zg',
    ],
    invalid: ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bc1q2t63ewm3mvh0ztmnmezxm7s0tefknenxlrlwrk'],
  },
  doge: {
    alphabet: BASE58,
    valid: [
      'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU',
      'DNzLUN6MyYVS5zf4Xc2yK69V3dXs6Mxia5',
      'DPS6iZj7roHquvwRYXNBua9QtKPzigUUhM',
      'A7JjzK9k9x5b2MkkQzqt91WZsuu7wTu6iS',
    ],
    invalid: ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6b'],
  },
  dash: {
    alphabet: BASE58,
    valid: [
      'Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6b',
      'XcY4WJ6Z2Q8w7vcYER1JypC8s2oa3SQ1b1',
      'XqMkVUZnqe3w4xvgdZRtZoe7gMitDudGs4',
      'XoAAqv3oUYZ6xRjX3brfbf9PotrGanS6Th',
    ],
    invalid: ['yPv7h2i8v3dJjfSH4L3x91JSJszjdbsJJA', 'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU'],
  },
  zec: {
    alphabet: BASE58,
    valid: ['t1U9yhDa5XEjgfnTgZoKddeSiEN1aoLkQxq', 't3Vz22vK5z2LcKEdg16Yv4FFneEL1zg9ojd'],
    invalid: ['t2UNzUUx8mWBCRYPRezvA363EYXyEpHokyi', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  },
  bch: {
    alphabet: BECH32,
    valid: [
      'bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807',
      'bitcoincash:qpp32ssez340wfspnt79h6c4xds4fzf3m5j0cplx0l',
      'bitcoincash:qrwkk9a3es2wu7mdvzh0vekfvjuzysq8tv7r3hcwr5',
      'qz97s7ee0rvwlymtxrwafmvs87x6027jwuf3wepug7',
      'BITCOINCASH:QQ4V32MTAGXAC29MY6GWJ6FD4TMQG8RYSU23DAX807',
    ],
    invalid: [
      'bitcoincash:qQ4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807',
      'bchtest:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807',
      'bc1ql08eyrk03qytqc5pdp5fnwpfh0x3y3k2skauvd',
    ],
  },
  bchLegacy: {
    alphabet: BASE58,
    valid: ['1DrNXqCj2B8FKyx66RAWDkiEJhw2yrvhT3', '3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt'],
    invalid: ['DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU'],
  },
  eth: {
    alphabet: '0123456789abcdef',
    valid: [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
    ],
    checksummed: [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ],
    invalid: [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA',
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
    ],
  },
  trx: {
    alphabet: BASE58,
    valid: ['TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    invalid: ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
  },
  ton: {
    alphabet: BASE64URL,
    valid: [
      'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
      'UQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_p0p',
      'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id/sDs',
    ],
    invalid: [
      '0:b113a994b5024a16719f69139328eb759596c38a25f59028b146fecdc3621dfe',
      'kQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_ntm',
    ],
  },
  xrp: {
    alphabet: XRP,
    valid: [
      'rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn',
      'r3kmLJN5D28dHuH8vZNUZpMC43pEHpaocV',
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      'rDTXLQ7ZKZVKz33zJbHjgVShjsBnqMBhmN',
      'rrrrrrrrrrrrrrrrrrrrrhoLvTp',
    ],
    invalid: ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCm'],
  },
  xmr: {
    alphabet: BASE58,
    valid: [
      '47zQ5LAivg6hNCgijXSEFVLX7mke1bgM6YGLFaANDoJbgXDymcAAZvvMNt2PmMpqEe5qRy2zyfMYXdwpmdyitiFh84xnPG2',
      '48bWuoDG75CXMDHbmPEvUF2hm1vLDic7ZJ7hqRkL65QR9p13AQAX4eEACXNk4YP115Q4KRVZnAvmMBHrcGfv9FvKPZnH6vH',
      '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
      '88WB4JKdQVhWfkc8cBT9EEJ6vejSAqKJHbV1dXBAXdpgQovtNDNRxfKCS7wB8rHQ5D5zH2Pd1YkyMNNQDie6ZfeZ311fPgn',
      '4Gd4DLiXzBmbVX2FZZ3Cvu6fUaWACup1qDowprUCje1kSP4FmbftiJMSfV8kWZXNqmVwj4m52xqtgFNUudVmsmGkGvkLcCibWfVUfUFVB7',
    ],
    invalid: [
      'A2be3UvzMtkJtxRYgcCbQt2y7Rp2eLVGqNTWfZeankrWimSMM4y7uMP6B9oAZaHsXTj8KFSerkSkkVRuEuEca9QM8VhxCNU',
      '5BAP9qLbRseYrGneYVRaFANMajuaD4KZrf3fGWvt5cVDR1xUXm6qoFYLkgU6Vp12fs2R24r4269inAWHFEdsLnE87rGCxYK',
    ],
  },
  ada: {
    alphabet: BECH32,
    valid: [
      'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8',
      'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
      'addr1qxy3w62dupy9pzmpdfzxz4k240w5vawyagl5m9djqquyymrtm3grn7gpnjh7rwh2dy62hk8639lt6kzn32yxq960usnq9pexvt',
    ],
    invalid: [
      'addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz',
      'Ae2tdPwUPEYzs5BRbGcoS3DXvK8mwgggmESz4HqUwMyaS9eNksZGz1LMS9v',
      'stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw',
    ],
  },
  dot: {
    alphabet: BASE58,
    valid: [
      '1iQPKJmghHbrRhUiMt2cNEuxYbR6S9vYtJKqYvE4PNR9WDB',
      '1FRMM8PEiWXYax7rpS6X4XZX1aAAxSWx1CrKTyrVYhV24fg',
      '15FKUKXC6kwaXxJ1tXNywmFy4ZY6FoDFCnU3fMbibFdeqwGw',
      '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
    ],
    invalid: [
      '5CK8D1sKNwF473wbuBP6NuhQfPaWUetNsWUNAAzVwTfxqjfr',
      'CpjsLDC1JFyrhm3ftC9Gs4QoyrkHKhZKtK7YqGTRFtTafgp',
    ],
  },
  xlm: {
    alphabet: BASE32,
    valid: [
      'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
      'GBBM6BKZPEHWYO3E3YKREDPQXMS4VK35YLNU7NFBRI26RAN7GI5POFBB',
      'GB7KKHHVYLDIZEKYJPAJUOTBE5E3NJAXPSDZK7O6O44WR3EBRO5HRPVT',
      'GDTYVCTAUQVPKEDZIBWEJGKBQHB4UGGXI2SXXUEW7LXMD4B7MK37CWLJ',
    ],
    invalid: [
      'ga5zsejyb37jrc5avcia5mop4rhtm335x2kgx3ihojapp5re34k4kzvn',
      'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZV',
    ],
  },
  algo: {
    alphabet: BASE32,
    valid: [
      'GONISIUAYDOMHM7VURRAAAP5H6OAWRRBCPXEIOZO3QI7TZKR5GTAQ7WK7Y',
      'LCRDY3LYAANTVS3XRHEHWHGXRTKZYVTX55P5IA2AT5ZDJ4CWZFFZIKVHLI',
      'SP745JJR4KPRQEXJZHVIEN736LYTL2T2DFMG3OIIFJBV66K73PHNMDCZVM',
      `${'A'.repeat(52)}Y5HFKQ`,
    ],
    invalid: ['GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN'],
  },
  atom: {
    alphabet: BECH32,
    valid: ['cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu', 'cosmos1pkptre7fdkl6gfrzlesjjvhxhlc3r4gmmk8rs6'],
    invalid: ['cro1yjjlx5qsrj5rxn5xtd5rkm6dcqzlchxkrvsmg6', 'bc1q2t63ewm3mvh0ztmnmezxm7s0tefknenxlrlwrk'],
  },
  xtz: {
    alphabet: BASE58,
    valid: [
      'tz1Lhf4J9Qxoe3DZ2nfe8FGDnvVj7oKjnMY6',
      'tz1PyxsQ7xVTa5J7gtBeT7pST5Zi5nk5GSjg',
      'tz1RR6wETy9BeXG3Fjk25YmkSMGHxTtKkhpX',
      'tz1h3rQ8wBxFd8L9B3d7Jhaawu6Z568XU3xY',
      'KT1EM2LvxxFGB3Svh9p9HCP2jEEYyHjABMbK',
    ],
    invalid: ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  },
};

const networkOfVectors: Record<string, string> = { btcLegacy: 'btc', bchLegacy: 'bch' };

/** Replaces the character at `index` by the next one of the alphabet, in the same letter case. */
function flipCharacter(address: string, index: number, alphabet: string): string {
  const char = address.charAt(index);
  const singleCase = alphabet === alphabet.toLowerCase() || alphabet === alphabet.toUpperCase();
  const normalised = !singleCase
    ? char
    : alphabet === alphabet.toLowerCase()
      ? char.toLowerCase()
      : char.toUpperCase();
  const next = alphabet.charAt((alphabet.indexOf(normalised) + 1) % alphabet.length);
  const replacement = singleCase && char !== char.toLowerCase() ? next.toUpperCase() : next;
  return address.slice(0, index) + replacement + address.slice(index + 1);
}

describe('validateAddress', () => {
  describe.each(Object.entries(vectors))('%s', (name, { alphabet, valid, invalid, checksummed }) => {
    const network = networkOfVectors[name] ?? name;

    it.each(valid)('accepts %s', (address) => {
      expect(validateAddress(network, address)).toBe(true);
    });

    it.each(invalid)('rejects %s', (address) => {
      expect(validateAddress(network, address)).toBe(false);
    });

    it('rejects every known-good address with one character flipped', () => {
      for (const address of checksummed ?? valid) {
        const body = address.indexOf(':') + 1;
        for (const index of [body + 5, Math.floor((body + address.length) / 2), address.length - 2]) {
          const flipped = flipCharacter(address, index, alphabet);
          expect(flipped).not.toBe(address);
          expect({ flipped, valid: validateAddress(network, flipped) }).toEqual({ flipped, valid: false });
        }
      }
    });
  });

  it('rejects an EIP-55 address with one letter in the wrong case', () => {
    const address = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    for (let index = 2; index < address.length; index++) {
      const char = address.charAt(index);
      if (!/[a-fA-F]/.test(char)) continue;
      const swapped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
      const mutated = address.slice(0, index) + swapped + address.slice(index + 1);
      if (
        mutated.slice(2) === mutated.slice(2).toLowerCase() ||
        mutated.slice(2) === mutated.slice(2).toUpperCase()
      )
        continue;
      expect(validateAddress('eth', mutated)).toBe(false);
    }
  });

  it('accepts the same EVM address on every EVM network', () => {
    for (const network of ['eth', 'bsc', 'matic', 'avaxc', 'arbitrum', 'op', 'base', 'etc']) {
      expect(validateAddress(network, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    }
  });

  it('reads the Tron USDT contract as the hex account 41a614f8...', () => {
    const payload = createBase58check(sha256).decode('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(bytesToHex(payload)).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
  });

  it('checks the shape of addresses that carry no checksum', () => {
    for (const address of [
      '833XorXTTx5iya5B3Tr6iqEs9GbRuvVfwyLCP2vpdzhq',
      '11111111111111111111111111111111',
    ]) {
      expect(validateAddress('sol', address)).toBe(true);
    }
    for (const address of [
      '833XorXTTx5iya5B3Tr6iqEs9GbRuvVfwyLCP2vpdzh0',
      '833XorXTTx5iya5B3Tr6iqEs9Gb',
      '',
    ]) {
      expect(validateAddress('sol', address)).toBe(false);
    }
    for (const account of ['alice.near', 'aurora', 'sub_account-1.alice.near', 'a'.repeat(64)]) {
      expect(validateAddress('near', account)).toBe(true);
    }
    for (const account of ['Alice.near', 'a', '-bad.near', 'bad..near', 'bad.near.', 'x'.repeat(65)]) {
      expect(validateAddress('near', account)).toBe(false);
    }
    expect(validateAddress('sui', `0x${'ab'.repeat(32)}`)).toBe(true);
    expect(validateAddress('sui', 'ab'.repeat(32))).toBe(false);
    expect(validateAddress('sui', `0x${'ab'.repeat(31)}`)).toBe(false);
  });

  it('accepts every token contract of the catalogue on its network', () => {
    for (const token of curatedCatalogue.cryptoCurrencies.filter(
      (crypto) => crypto.contractAddress !== null,
    )) {
      const contract = token.contractAddress ?? '';
      expect({ token: token.code, valid: validateAddress(token.network, contract) }).toEqual({
        token: token.code,
        valid: true,
      });
      if (token.addressFormat === 'evm') expect(contract).toBe(toChecksumAddress(contract));
    }
  });
});

describe('address derivation', () => {
  const secretOne = Uint8Array.from({ length: 32 }, (_, index) => (index === 31 ? 1 : 0));

  it('derives the BIP-173 example P2WPKH address from the public key of secret 1', () => {
    expect(p2wpkhAddress('bc', secp256k1.getPublicKey(secretOne, true))).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
  });

  it('derives the well-known Ethereum address of secret 1', () => {
    expect(evmAddressOf(secp256k1.getPublicKey(secretOne, false))).toBe(
      '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
    );
  });
});
