import { Address, OutScript } from '@scure/btc-signer';
import { hex } from '@scure/base';

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
