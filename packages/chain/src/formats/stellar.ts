import { base32 } from '@scure/base';
import { randomEd25519PublicKey, randomHex } from '../keys';
import type { NetworkFormat } from '../network-format';

const ACCOUNT_ID_VERSION = 6 << 3;
const STRKEY_ACCOUNT = /^G[A-Z2-7]{55}$/;

/** CRC16-XModem, the checksum of Stellar's StrKey encoding. */
function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function withChecksum(payload: Uint8Array): Uint8Array {
  const crc = crc16Xmodem(payload);
  return Uint8Array.of(...payload, crc & 0xff, crc >> 8);
}

function isValidStellarAddress(address: string): boolean {
  if (!STRKEY_ACCOUNT.test(address)) return false;
  const decoded = base32.decode(address);
  const expected = withChecksum(decoded.subarray(0, 33));
  return decoded[0] === ACCOUNT_ID_VERSION && decoded.every((byte, index) => byte === expected[index]);
}

export const stellarFormat: NetworkFormat = {
  generateAddress: () =>
    base32.encode(withChecksum(Uint8Array.of(ACCOUNT_ID_VERSION, ...randomEd25519PublicKey()))),
  isValidAddress: isValidStellarAddress,
  fakeTxHash: () => randomHex(32),
};
