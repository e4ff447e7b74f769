import { parseAccountKey } from './account-key';
import { walletKeyId } from './wallet-key-id';
import type { EvmWatchOnlyWallet } from './watch-only-wallet';

/**
 * Reads an Ethereum account key (m/44'/60'/0', as MetaMask, Ledger and Trezor derive it), exported as
 * xpub (some tools write tpub: the version bytes play no part in EVM addresses).
 */
export function parseEvmWallet(input: string): EvmWatchOnlyWallet {
  const xpub = parseAccountKey(input, 'EVM networks take the Ethereum', "m/44'/60'/0'");
  return {
    network: 'evm',
    chainKind: 'evm',
    extendedPublicKey: xpub,
    descriptor: `${xpub}/0/*`,
    keyId: walletKeyId('evm', xpub),
  };
}
