import { HDKey } from '@scure/bip32';
import { CANONICAL_VERSION, parseExtendedPublicKey, publicKeyWithVersion } from './extended-key';
import { WalletKeyError } from './wallet-key-error';
import { walletKeyId } from './wallet-key-id';
import type { EvmWatchOnlyWallet } from './watch-only-wallet';

/** m/44'/60'/0' is three levels below the seed. */
const ACCOUNT_DEPTH = 3;
const HARDENED = 0x80000000;

/**
 * Reads an Ethereum account key (m/44'/60'/0', as MetaMask, Ledger and Trezor derive it), exported as
 * xpub (some tools write tpub: the version bytes play no part in EVM addresses). A key serialises only its
 * own depth and child number, so this checks what it can: account depth, and a hardened account index.
 */
export function parseEvmWallet(input: string): EvmWatchOnlyWallet {
  const key = parseExtendedPublicKey(input.trim());
  if (key.pastedAs !== 'xpub' && key.pastedAs !== 'tpub')
    throw new WalletKeyError(
      'MALFORMED_KEY',
      `A ${key.pastedAs} is a Bitcoin or Litecoin key; EVM networks take the Ethereum account xpub (m/44'/60'/0')`,
    );
  const account = HDKey.fromExtendedKey(key.canonical, {
    public: CANONICAL_VERSION[key.chain],
    private: 0,
  });
  if (account.depth !== ACCOUNT_DEPTH || account.index < HARDENED)
    throw new WalletKeyError(
      'NOT_AN_ACCOUNT_KEY',
      `This key is at depth ${account.depth}${account.index < HARDENED ? ', not hardened' : ''}: export the account key at m/44'/60'/0' (depth 3, hardened), whose addresses are …/0/i`,
    );
  const xpub = publicKeyWithVersion(account, CANONICAL_VERSION.mainnet);
  return {
    network: 'evm',
    chainKind: 'evm',
    extendedPublicKey: xpub,
    descriptor: `${xpub}/0/*`,
    keyId: walletKeyId('evm', xpub),
  };
}
