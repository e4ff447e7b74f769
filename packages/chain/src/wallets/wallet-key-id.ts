import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** Names a key on a wallet network: a merchant who sets a key again continues its addresses, a new key starts at 0. */
export const walletKeyId = (network: string, canonicalKey: string): string =>
  bytesToHex(sha256(utf8ToBytes(`${network}:${canonicalKey}`))).slice(0, 16);
