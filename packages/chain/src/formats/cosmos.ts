import { bech32 } from '@scure/base';
import { hash160, randomHex, randomSecp256k1PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';

const PREFIX = 'cosmos';

/** Accounts hash a key to 20 bytes; module and interchain accounts use 32. */
function isValidCosmosAddress(address: string): boolean {
  const decoded = bech32.decodeUnsafe(address);
  if (!decoded || decoded.prefix !== PREFIX) return false;
  const payload = bech32.fromWordsUnsafe(decoded.words);
  return payload !== undefined && (payload.length === 20 || payload.length === 32);
}

export const cosmosFormat: NetworkFormat = {
  generateAddress: () => bech32.encode(PREFIX, bech32.toWords(hash160(randomSecp256k1PublicKey()))),
  isValidAddress: isValidCosmosAddress,
  fakeTxHash: () => randomHex(32).toUpperCase(),
};
