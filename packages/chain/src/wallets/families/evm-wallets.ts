import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { parseEvmWallet } from '../evm-wallet';
import { isValidEvmAddress } from '../../formats/evm';
import type { WalletFamily } from './wallet-family';

/**
 * The one wallet of every EVM network (m/44'/60'/0'): EIP-55 checksummed addresses of the uncompressed
 * public key, the same on every EVM chain; the watcher checks which chain its node follows.
 */
export const evmWallets: WalletFamily = {
  id: 'evm',
  parse: (input) => parseEvmWallet(input),
  address: (publicKey) =>
    publicKeyToAddress(bytesToHex(secp256k1.ProjectivePoint.fromHex(publicKey).toRawBytes(false))),
  fromRecord: (_walletNetwork, _chainKind, key) => ({ network: 'evm', chainKind: 'evm', ...key }),
  isAddress: (address) => isValidEvmAddress(address),
  pays: () => true,
};
