import { type AddressFormat, type Catalogue, curatedCatalogue, findNetwork } from '@gw/pricing';
import { UnknownNetworkError } from './errors';
import { algorandFormat } from './formats/algorand';
import { bitcoinCashFormat } from './formats/bitcoin-cash';
import {
  bitcoinFormat,
  dashFormat,
  digibyteFormat,
  dogecoinFormat,
  litecoinFormat,
  zcashTransparentFormat,
} from './formats/bitcoin-like';
import { cardanoFormat } from './formats/cardano';
import { cosmosFormat } from './formats/cosmos';
import { evmFormat } from './formats/evm';
import { moneroFormat } from './formats/monero';
import { nearFormat } from './formats/near';
import { polkadotFormat } from './formats/polkadot';
import { solanaFormat } from './formats/solana';
import { stellarFormat } from './formats/stellar';
import { suiFormat } from './formats/sui';
import { tezosFormat } from './formats/tezos';
import { tonFormat } from './formats/ton';
import { tronFormat } from './formats/tron';
import { xrpFormat } from './formats/xrp';
import type { NetworkFormat } from './network-format';

export const networkFormats: Readonly<Record<AddressFormat, NetworkFormat>> = {
  'btc-segwit': bitcoinFormat,
  'ltc-segwit': litecoinFormat,
  'dgb-segwit': digibyteFormat,
  'doge-base58': dogecoinFormat,
  'dash-base58': dashFormat,
  'zec-transparent': zcashTransparentFormat,
  'bch-cashaddr': bitcoinCashFormat,
  evm: evmFormat,
  tron: tronFormat,
  solana: solanaFormat,
  ton: tonFormat,
  xrp: xrpFormat,
  monero: moneroFormat,
  'cardano-shelley': cardanoFormat,
  'polkadot-ss58': polkadotFormat,
  stellar: stellarFormat,
  algorand: algorandFormat,
  cosmos: cosmosFormat,
  tezos: tezosFormat,
  near: nearFormat,
  sui: suiFormat,
};

export function formatOfNetwork(network: string, catalogue: Catalogue = curatedCatalogue): NetworkFormat {
  const found = findNetwork(network, catalogue);
  if (!found) throw new UnknownNetworkError(network);
  return networkFormats[found.addressFormat];
}
