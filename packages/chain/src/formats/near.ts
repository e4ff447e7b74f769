import { bytesToHex } from '@noble/hashes/utils';
import { base58 } from '@scure/base';
import { randomBytes, randomEd25519PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';

const IMPLICIT_ACCOUNT = /^[0-9a-f]{64}$/;
const ETH_IMPLICIT_ACCOUNT = /^0x[0-9a-f]{40}$/;
const NAMED_ACCOUNT = /^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;

/** Implicit accounts are the hex ed25519 key; named accounts (alice.near) follow NEAR's naming rules. */
function isValidNearAccount(account: string): boolean {
  if (IMPLICIT_ACCOUNT.test(account) || ETH_IMPLICIT_ACCOUNT.test(account)) return true;
  return account.length >= 2 && account.length <= 64 && NAMED_ACCOUNT.test(account);
}

export const nearFormat: NetworkFormat = {
  generateAddress: () => bytesToHex(randomEd25519PublicKey()),
  isValidAddress: isValidNearAccount,
  fakeTxHash: () => base58.encode(randomBytes(32)),
};
