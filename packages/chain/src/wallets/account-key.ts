import { HDKey } from '@scure/bip32';
import { CANONICAL_VERSION, parseExtendedPublicKey, publicKeyWithVersion } from './extended-key';
import { WalletKeyError } from './wallet-key-error';

/** m/44'/coin'/0' is three levels below the seed. */
const ACCOUNT_DEPTH = 3;
const HARDENED = 0x80000000;

/**
 * Reads a BIP44 account key (m/44'/<coin>'/0') exported as xpub (some tools write tpub: the version bytes
 * play no part in account-model addresses), re-encoded as xpub. A key serialises only its own depth and
 * child number, so this checks what it can: account depth, and a hardened account index. `whoTakesIt`
 * names the key in the refusal: "EVM networks take the Ethereum" (account xpub).
 */
export function parseAccountKey(input: string, whoTakesIt: string, path: string): string {
  const key = parseExtendedPublicKey(input.trim());
  if (key.pastedAs !== 'xpub' && key.pastedAs !== 'tpub')
    throw new WalletKeyError(
      'MALFORMED_KEY',
      `A ${key.pastedAs} is a Bitcoin or Litecoin key; ${whoTakesIt} account xpub (${path})`,
    );
  const account = HDKey.fromExtendedKey(key.canonical, {
    public: CANONICAL_VERSION[key.chain],
    private: 0,
  });
  if (account.depth !== ACCOUNT_DEPTH || account.index < HARDENED)
    throw new WalletKeyError(
      'NOT_AN_ACCOUNT_KEY',
      `This key is at depth ${account.depth}${account.index < HARDENED ? ', not hardened' : ''}: export the account key at ${path} (depth 3, hardened), whose addresses are …/0/i`,
    );
  return publicKeyWithVersion(account, CANONICAL_VERSION.mainnet);
}
