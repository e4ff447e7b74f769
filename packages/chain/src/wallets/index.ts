export * from './wallet-networks';
export * from './wallet-key-error';
export * from './watch-only-wallet';
export { parseEvmWallet } from './evm-wallet';
export { parseTronWallet, tronAddressOf } from './tron-wallet';
export { receiveAddress, receiveAddresses } from './receive-addresses';
export { descriptorChecksum } from './descriptor-checksum';
export { walletFamilyOf, walletFamilyOfNetwork, type WalletFamily, type WalletKey } from './families';
