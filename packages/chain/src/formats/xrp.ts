import { base58xrp, utils } from '@scure/base';
import { hash160, randomHex, randomSecp256k1PublicKey, sha256d } from '../keys';
import type { NetworkFormat } from '../network-format';

/** XRP Ledger base58check: the ripple alphabet with a double-SHA-256 checksum. */
const xrpBase58check = utils.chain(utils.checksum(4, sha256d), base58xrp);
const ACCOUNT_ID_PREFIX = 0x00;

export const xrpFormat: NetworkFormat = {
  generateAddress: () =>
    xrpBase58check.encode(Uint8Array.of(ACCOUNT_ID_PREFIX, ...hash160(randomSecp256k1PublicKey()))),
  isValidAddress: (address) => {
    if (!address.startsWith('r')) return false;
    try {
      const payload = xrpBase58check.decode(address);
      return payload.length === 21 && payload[0] === ACCOUNT_ID_PREFIX;
    } catch {
      return false;
    }
  },
  fakeTxHash: () => randomHex(32).toUpperCase(),
};
