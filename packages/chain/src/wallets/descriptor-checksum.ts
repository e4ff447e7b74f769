/**
 * The output descriptor checksum of BIP 380 (Bitcoin Core's DescriptorChecksum): a BCH code over the
 * descriptor's characters, eight characters of the bech32 alphabet after a `#`.
 */
const INPUT_CHARSET =
  '0123456789()[],\'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#"\\ ';
const CHECKSUM_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn];

function polymod(symbols: number[]): bigint {
  let checksum = 1n;
  for (const value of symbols) {
    const top = checksum >> 35n;
    checksum = ((checksum & 0x7ffffffffn) << 5n) ^ BigInt(value);
    GENERATOR.forEach((generator, i) => {
      if ((top >> BigInt(i)) & 1n) checksum ^= generator;
    });
  }
  return checksum;
}

function expand(descriptor: string): number[] | null {
  const symbols: number[] = [];
  let groups: number[] = [];
  for (const character of descriptor) {
    const value = INPUT_CHARSET.indexOf(character);
    if (value < 0) return null;
    symbols.push(value & 31);
    groups.push(value >> 5);
    if (groups.length === 3) {
      symbols.push(groups[0]! * 9 + groups[1]! * 3 + groups[2]!);
      groups = [];
    }
  }
  if (groups.length === 1) symbols.push(groups[0]!);
  if (groups.length === 2) symbols.push(groups[0]! * 3 + groups[1]!);
  return symbols;
}

/** The checksum of a descriptor (without its `#…`), or null when it holds a character descriptors never do. */
export function descriptorChecksum(descriptor: string): string | null {
  const symbols = expand(descriptor);
  if (!symbols) return null;
  const checksum = polymod([...symbols, 0, 0, 0, 0, 0, 0, 0, 0]) ^ 1n;
  let text = '';
  for (let i = 0; i < 8; i++) text += CHECKSUM_CHARSET[Number((checksum >> BigInt(5 * (7 - i))) & 31n)];
  return text;
}
