import * as cashaddr from 'cashaddrjs';
import { hash160, randomHex, randomSecp256k1PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';
import { isValidBase58Hash } from './bitcoin-like';

const PREFIX = 'bitcoincash';
const legacyVersions = { pubKeyHash: [Uint8Array.of(0x00)], scriptHash: [Uint8Array.of(0x05)] };

function isSingleCase(text: string): boolean {
  return text === text.toLowerCase() || text === text.toUpperCase();
}

/** CashAddr with or without its prefix; mixed case is never valid. */
function isValidCashAddress(address: string): boolean {
  if (!isSingleCase(address)) return false;
  const lower = address.toLowerCase();
  try {
    const decoded = cashaddr.decode(lower.includes(':') ? lower : `${PREFIX}:${lower}`);
    return decoded.prefix === PREFIX && decoded.hash.length === 20;
  } catch {
    return false;
  }
}

/** Issues CashAddr P2PKH addresses with their prefix; still accepts legacy base58 ones for payouts. */
export const bitcoinCashFormat: NetworkFormat = {
  generateAddress: () => cashaddr.encode(PREFIX, 'P2PKH', hash160(randomSecp256k1PublicKey())),
  isValidAddress: (address) => isValidCashAddress(address) || isValidBase58Hash(address, legacyVersions),
  fakeTxHash: () => randomHex(32),
};
