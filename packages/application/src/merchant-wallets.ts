import {
  parseWatchOnlyWallet,
  receiveAddresses,
  WALLET_GAP_LIMIT,
  walletNetworkOf,
  type WatchOnlyWallet,
} from '@gw/chain';
import { streamIdOf, walletIdOf } from '@gw/domain';
import { CHAIN_FAMILIES, chainFamilyOf, type ChainWatchersConfig } from '@gw/platform';
import type { CryptoCurrency } from '@gw/pricing';
import { COLLECTIONS, type PaymentDocument, type SkippedAddressRecord, type WalletDocument } from '@gw/views';
import type { ServiceContext } from './context';
import { MerchantCommandError } from './merchant-onboarding';

/** Receive addresses shown on setup, for the merchant to compare with its wallet app. */
export const FIRST_ADDRESSES_SHOWN = 5;

/** A merchant wallet as the merchant sees it: its key, the first addresses, and how far it is used. */
export interface WalletStatus {
  wallet: WatchOnlyWallet;
  firstAddresses: string[];
  /** Receive addresses handed out to payments so far (the next payment gets this index). */
  addressesHandedOut: number;
  /** Handed-out addresses after the last one that received money: past the gap limit, wallet apps stop looking. */
  unusedInARow: number;
  /** Addresses not handed out because the chain already showed history at them, in the order skipped. */
  skippedAddresses: SkippedAddressRecord[];
  gapLimit: number;
  /** The networks a watcher follows that pay to this wallet (for `evm`: eth, bsc, matic): payments can be created there now. */
  paidOn: string[];
}

/** The watched networks whose payments go to a wallet network's addresses. */
export function networksPayingTo(walletNetwork: string, watchers: ChainWatchersConfig): string[] {
  return Object.keys(watchers.nodes).filter((network) => walletNetworkOf(network) === walletNetwork);
}

/**
 * The coins whose payments a wallet network's addresses receive, as a buyer is told to pay them
 * ("USDT on Tron (TRC-20)"): the `trx` wallet takes Tether too, and the one `evm` wallet every EVM chain's coins.
 */
export function coinsPaidTo(walletNetwork: string, coins: readonly CryptoCurrency[]): string[] {
  return coins
    .filter((coin) => walletNetworkOf(coin.network) === walletNetwork)
    .map((coin) => `${coin.ticker.toUpperCase()} on ${coin.paidOnName}`);
}

/** What the merchant should act on: a network nobody watches here, or a wallet app that stops scanning. */
export function walletWarnings(status: WalletStatus): string[] {
  const { network } = status.wallet;
  const warnings: string[] = [];
  if (status.paidOn.length === 0) warnings.push(unwatchedWarning(network));
  if (status.unusedInARow >= status.gapLimit)
    warnings.push(
      `${status.unusedInARow} addresses in a row are unused: wallet apps stop scanning after ${status.gapLimit}, so raise the app's gap limit to see later payments`,
    );
  return warnings;
}

/** Which node variables would let a wallet network's payments be created, for a wallet nobody watches yet. */
function unwatchedWarning(walletNetwork: string): string {
  const family = CHAIN_FAMILIES.find((candidate) => candidate.walletNetworks.includes(walletNetwork));
  const networks = family?.networks.filter(
    (network) => family.walletNetworkOf(network) === walletNetwork,
  ) ?? [walletNetwork];
  const variables = networks.map(
    (network) => `${family?.envPrefix(network) ?? network.toUpperCase()}_RPC_URL`,
  );
  const named =
    networks.length === 1 ? networks[0] : `${networks.slice(0, -1).join(', ')} and ${networks.at(-1)}`;
  const label = networks.length === 1 ? walletNetwork : walletNetwork.toUpperCase();
  return `No ${label} node is watched here (${variables.join(', ')}): ${named} payments cannot be created yet`;
}

/**
 * Checks what the merchant pasted (xpub/zpub/tpub/vpub or a `wpkh(…/0/*)` descriptor) against the chain
 * the operator runs for the network and records it on the merchant (payments writes the merchant's read
 * model before it replies, so the next payment already pays to it). Throws WalletKeyError for a key that cannot be.
 */
export async function setMerchantWallet(
  ctx: ServiceContext,
  merchantId: string,
  network: string,
  keyText: string,
): Promise<WalletStatus> {
  const chainKind = chainFamilyOf(network)?.walletChainKind(network, ctx.config.chainWatchers) ?? 'mainnet';
  const wallet = parseWatchOnlyWallet(keyText, network, chainKind);
  const { network: walletNetwork, ...key } = wallet;
  const reply = await ctx.commands.send(streamIdOf('merchant', merchantId), merchantId, {
    type: 'SetMerchantWallet',
    data: { network: walletNetwork, ...key },
  });
  if (!reply.ok) throw new MerchantCommandError(reply.error.code, reply.error.message);
  return walletStatus(ctx, merchantId, wallet);
}

/**
 * Takes the merchant's wallet off a chain (`eth`, `bsc` and `matic` name the one `evm` wallet). New
 * payments there are refused from then on, as with no wallet; payments already paying to its addresses
 * keep their address and are watched until they are done. Throws MerchantCommandError NOT_FOUND when
 * the merchant has no wallet there.
 */
export async function removeMerchantWallet(
  ctx: Pick<ServiceContext, 'commands'>,
  merchantId: string,
  network: string,
): Promise<void> {
  const walletNetwork = walletNetworkOf(network) ?? network;
  const reply = await ctx.commands.send(streamIdOf('merchant', merchantId), merchantId, {
    type: 'RemoveMerchantWallet',
    data: { network: walletNetwork },
  });
  if (!reply.ok) throw new MerchantCommandError(reply.error.code, reply.error.message);
}

/** How a wallet is used so far, from the read models. */
export async function walletStatus(
  ctx: Pick<ServiceContext, 'readModels' | 'config'>,
  merchantId: string,
  wallet: WatchOnlyWallet,
): Promise<WalletStatus> {
  const walletId = walletIdOf({ merchantId, network: wallet.network, keyId: wallet.keyId });
  const [allocations, [lastPaid]] = await Promise.all([
    ctx.readModels.collection<WalletDocument>(COLLECTIONS.wallets).get(walletId),
    ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments).find({
      filter: { merchantId, payWalletKeyId: wallet.keyId, actuallyPaidValue: { $gt: 0 } },
      sort: [['payAddressIndex', -1]],
      limit: 1,
    }),
  ]);
  const addressesHandedOut = allocations?.nextIndex ?? 0;
  const skippedAddresses = allocations?.skippedAddresses ?? [];
  // A skipped address holds money (or did): a wallet app scanning finds it, as it finds a paid one.
  const lastUsedIndex = Math.max(
    lastPaid?.payAddressIndex ?? -1,
    ...skippedAddresses.map((skipped) => skipped.index),
  );
  return {
    wallet,
    firstAddresses: receiveAddresses(wallet, 0, FIRST_ADDRESSES_SHOWN),
    addressesHandedOut,
    unusedInARow: Math.max(0, addressesHandedOut - 1 - lastUsedIndex),
    skippedAddresses,
    gapLimit: WALLET_GAP_LIMIT,
    paidOn: networksPayingTo(wallet.network, ctx.config.chainWatchers),
  };
}
