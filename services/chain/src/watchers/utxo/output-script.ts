import { Address, OutScript } from '@scure/btc-signer';
import { createBase58check, hex } from '@scure/base';
import { createHash } from 'node:crypto';

/**
 * The output script (hex) a segwit address (`bc1q…`, `ltc1q…`, `bcrt1q…`, `rltc1q…`, taproot too)
 * is paid with, or null for anything else. The human-readable part only names the network; the script
 * is the same on mainnet and regtest, which is what an output carries and what the watcher matches.
 */
export function segwitOutputScript(address: string): string | null {
  const separator = address.lastIndexOf('1');
  if (separator < 1) return null;
  const hrp = address.slice(0, separator).toLowerCase();
  try {
    const decoded = Address({ bech32: hrp, pubKeyHash: -1, scriptHash: -1, wif: -1 }).decode(address);
    return hex.encode(OutScript.encode(decoded));
  } catch {
    return null;
  }
}

const base58check = createBase58check(
  (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()),
);

/** Base58 version bytes of Bitcoin's and Litecoin's chains (mainnet, testnet and regtest share the test ones). */
const PUBKEY_HASH_VERSIONS = new Set([0x00, 0x6f, 0x30]);
const SCRIPT_HASH_VERSIONS = new Set([0x05, 0xc4, 0x32, 0x3a]);

/**
 * The output script of any address a wallet may give: segwit, or a legacy base58 pay-to-pubkey-hash or
 * pay-to-script-hash one (where a buyer's refund may go; the gateway's own pay addresses are segwit).
 * Which chain's version byte it carries was checked when the address was accepted.
 */
export function outputScriptOf(address: string): string | null {
  const segwit = segwitOutputScript(address);
  if (segwit !== null) return segwit;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return null;
  }
  if (payload.length !== 21) return null;
  const version = payload[0]!;
  const hash = hex.encode(payload.subarray(1));
  if (PUBKEY_HASH_VERSIONS.has(version)) return `76a914${hash}88ac`;
  if (SCRIPT_HASH_VERSIONS.has(version)) return `a914${hash}87`;
  return null;
}
