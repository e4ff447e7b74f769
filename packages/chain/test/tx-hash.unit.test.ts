import { curatedNetworks } from '@gw/pricing';
import { fakeTxHash } from '../src';

const HEX64 = /^[0-9a-f]{64}$/;
const HEX64_UPPER = /^[0-9A-F]{64}$/;
const EVM_HASH = /^0x[0-9a-f]{64}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

const expectedShape: Record<string, RegExp> = {
  btc: HEX64,
  ltc: HEX64,
  dgb: HEX64,
  doge: HEX64,
  dash: HEX64,
  zec: HEX64,
  bch: HEX64,
  eth: EVM_HASH,
  bsc: EVM_HASH,
  matic: EVM_HASH,
  avaxc: EVM_HASH,
  arbitrum: EVM_HASH,
  op: EVM_HASH,
  base: EVM_HASH,
  etc: EVM_HASH,
  trx: HEX64,
  sol: /^[1-9A-HJ-NP-Za-km-z]{86,88}$/,
  ton: HEX64,
  xrp: HEX64_UPPER,
  xmr: HEX64,
  ada: HEX64,
  dot: EVM_HASH,
  xlm: HEX64,
  algo: /^[A-Z2-7]{52}$/,
  atom: HEX64_UPPER,
  xtz: /^o[1-9A-HJ-NP-Za-km-z]{50}$/,
  near: /^[1-9A-HJ-NP-Za-km-z]{43,44}$/,
  sui: /^[1-9A-HJ-NP-Za-km-z]{43,44}$/,
};

describe('fakeTxHash', () => {
  it('knows the hash shape of every catalogue network', () => {
    expect(Object.keys(expectedShape).sort()).toEqual(curatedNetworks.map((network) => network.code).sort());
  });

  it.each(curatedNetworks.map((network) => network.code))(
    'shapes %s hashes like the network and never repeats',
    (network) => {
      const hashes = new Set(Array.from({ length: 200 }, () => fakeTxHash(network)));
      expect(hashes.size).toBe(200);
      for (const hash of hashes) expect(hash).toMatch(expectedShape[network] ?? /^$/);
    },
  );

  it('writes Solana signatures and Tezos operation hashes in base58', () => {
    expect(fakeTxHash('sol')).toMatch(BASE58);
    expect(fakeTxHash('xtz')).toMatch(BASE58);
  });
});
