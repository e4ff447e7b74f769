import type { AddressFormat, Network, PaymentUriScheme } from './currency';

/** "Ethereum (ERC-20)" → "Ethereum": the token standard a name ends with is not part of the chain's. */
const TOKEN_STANDARD_SUFFIX = / \((?:ERC-20|BEP-20|TRC-20|SPL)\)$/;

function network(
  code: string,
  name: string,
  addressFormat: AddressFormat,
  uriScheme: PaymentUriScheme | null,
  requiredConfirmations: number,
): Network {
  const chainName = name.replace(TOKEN_STANDARD_SUFFIX, '');
  return { code, name, chainName, addressFormat, evmChainId: null, uriScheme, requiredConfirmations };
}

function evmNetwork(code: string, name: string, evmChainId: number, requiredConfirmations: number): Network {
  return { ...network(code, name, 'evm', 'ethereum', requiredConfirmations), evmChainId };
}

export const curatedNetworks: readonly Network[] = [
  network('btc', 'Bitcoin', 'btc-segwit', 'bitcoin', 2),
  network('ltc', 'Litecoin', 'ltc-segwit', 'litecoin', 6),
  network('dgb', 'DigiByte', 'dgb-segwit', 'digibyte', 40),
  network('doge', 'Dogecoin', 'doge-base58', 'dogecoin', 40),
  network('dash', 'Dash', 'dash-base58', 'dash', 6),
  network('zec', 'Zcash (transparent)', 'zec-transparent', 'zcash', 24),
  network('bch', 'Bitcoin Cash', 'bch-cashaddr', 'bitcoincash', 6),
  evmNetwork('eth', 'Ethereum (ERC-20)', 1, 12),
  evmNetwork('bsc', 'BNB Smart Chain (BEP-20)', 56, 15),
  evmNetwork('matic', 'Polygon PoS', 137, 30),
  evmNetwork('avaxc', 'Avalanche C-Chain', 43114, 1),
  evmNetwork('arbitrum', 'Arbitrum One', 42161, 20),
  evmNetwork('op', 'OP Mainnet (Optimism)', 10, 20),
  evmNetwork('base', 'Base', 8453, 20),
  // Ethereum Classic has suffered deep reorganisations, so deposits wait much longer.
  evmNetwork('etc', 'Ethereum Classic', 61, 120),
  network('trx', 'Tron (TRC-20)', 'tron', 'tron', 19),
  network('sol', 'Solana (SPL)', 'solana', 'solana', 1),
  network('ton', 'TON', 'ton', 'ton', 1),
  network('xrp', 'XRP Ledger', 'xrp', 'ripple', 1),
  network('xmr', 'Monero', 'monero', 'monero', 10),
  network('ada', 'Cardano', 'cardano-shelley', 'web+cardano', 15),
  network('dot', 'Polkadot', 'polkadot-ss58', null, 1),
  network('xlm', 'Stellar', 'stellar', 'web+stellar', 1),
  network('algo', 'Algorand', 'algorand', 'algorand', 1),
  network('atom', 'Cosmos Hub', 'cosmos', null, 1),
  network('xtz', 'Tezos', 'tezos', null, 2),
  network('near', 'NEAR Protocol', 'near', null, 1),
  network('sui', 'Sui', 'sui', null, 1),
];
