import { Address } from '@ton/core';
import { WalletContractV5R1 } from '@ton/ton';
import { randomEd25519PublicKey, randomHex } from '../keys';
import type { NetworkFormat } from '../network-format';

const BASECHAIN = 0;
const MASTERCHAIN = -1;

/**
 * The address of a W5 wallet for a fresh key, user-friendly with its CRC16. We show it non-bounceable
 * (UQ...) as TON wallets do for a wallet that is not deployed yet: a bounceable transfer to an
 * undeployed wallet comes back to the sender.
 */
function generateTonAddress(): string {
  const wallet = WalletContractV5R1.create({
    workchain: BASECHAIN,
    publicKey: Buffer.from(randomEd25519PublicKey()),
  });
  return wallet.address.toString({ urlSafe: true, bounceable: false, testOnly: false });
}

function isValidTonAddress(address: string): boolean {
  if (address.length !== 48) return false;
  try {
    const parsed = Address.parseFriendly(address);
    const workchain = parsed.address.workChain;
    return !parsed.isTestOnly && (workchain === BASECHAIN || workchain === MASTERCHAIN);
  } catch {
    return false;
  }
}

export const tonFormat: NetworkFormat = {
  generateAddress: generateTonAddress,
  isValidAddress: isValidTonAddress,
  fakeTxHash: () => randomHex(32),
};
