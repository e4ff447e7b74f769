import { base58 } from '@scure/base';
import { randomBytes, randomEd25519PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';

/** Solana addresses are bare base58 ed25519 keys (or program-derived keys): no checksum to check. */
export function isValidSolanaAddress(address: string): boolean {
  if (address.length < 32 || address.length > 44) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

export const solanaFormat: NetworkFormat = {
  generateAddress: () => base58.encode(randomEd25519PublicKey()),
  isValidAddress: isValidSolanaAddress,
  fakeTxHash: () => base58.encode(randomBytes(64)),
};
