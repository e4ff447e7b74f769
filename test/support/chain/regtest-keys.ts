import { createHash } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1';
import { p2wpkh } from '@scure/btc-signer';

/**
 * The fixed test key the local regtest nodes mine to (scripts/lib/infra-chain-rpc.sh names its
 * addresses): tests spend the coinbase with it. Regtest coins are worthless; never use it elsewhere.
 */
export const MINER_PRIVATE_KEY = createHash('sha256').update('cryptogate regtest miner').digest();
export const MINER_PUBLIC_KEY = secp256k1.getPublicKey(MINER_PRIVATE_KEY, true);

/**
 * The test networks' address parameters. The tests' btcd runs on simnet, not regtest: btcd deletes its
 * regtest database at every start, so a restarted regtest node would begin again from the genesis block.
 */
export const REGTEST = {
  btc: { bech32: 'sb', pubKeyHash: 0x3f, scriptHash: 0x7b, wif: 0x64 },
  ltc: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
} as const;

export const minerPayment = (network: keyof typeof REGTEST) => p2wpkh(MINER_PUBLIC_KEY, REGTEST[network]);
