import {
  isWalletNetwork,
  receiveAddress,
  walletNetworkOf,
  type AddressAllocator,
  type ChainKind,
  type WatchOnlyWallet,
} from '@gw/chain';
import { allocatedIndexOf, streamIdOf, walletIdOf, type MerchantWallet } from '@gw/domain';
import { chainNodeFor, type GatewayConfig, type UtxoWatchedNetwork } from '@gw/platform';
import type { ReadModelStore } from '@gw/store';
import { COLLECTIONS, type MerchantDocument } from '@gw/views';
import type { CommandClient } from './command-client';

/** What a new payment asks its pay address for. */
export interface PayAddressRequest {
  network: string;
  merchantId: string;
  paymentId: number;
  /** The create's time, recorded on the allocation. */
  now: string;
}

export interface AssignedPayAddress {
  address: string;
  /** Memo or destination tag the buyer must add; null when the address alone identifies the payment. */
  extraId: string | null;
  /** The merchant wallet key and receive index the address was derived at; null for a sandbox address. */
  walletKeyId: string | null;
  addressIndex: number | null;
  /** A sandbox address: only the simulated chain pays it. */
  testPayment: boolean;
}

/** Where every new payment's address comes from (the `addresses` of the service context). */
export interface PayAddressSource {
  assign(request: PayAddressRequest): Promise<AssignedPayAddress>;
}

/** A network refused a pay address: no merchant wallet or no watcher for it, and the sandbox is off. */
export class NoPayingWalletError extends Error {
  readonly code = 'NO_PAYING_WALLET';
  constructor(readonly network: string) {
    super(`No wallet of this merchant can take ${network} payments here: set one and run a ${network} node`);
    this.name = 'NoPayingWalletError';
  }
}

/** What decides where money can be taken: the sandbox switch, and the nodes watched on which chain. */
export type PayingChains = Pick<GatewayConfig, 'sandboxEnabled' | 'chainWatchers'>;

/**
 * The merchant's wallet that can take real money on a network (`eth`, `bsc` and `matic` pay to the one
 * `evm` wallet): with a watcher running, and for a UTXO chain set for the chain the network's node
 * follows. A wallet set for another chain (the operator moved the node from regtest to mainnet) takes
 * nothing; an EVM key serves every EVM chain, whose watcher checks the node's chain id.
 */
export function payingWallet(
  merchant: Pick<MerchantDocument, 'wallets'> | null,
  network: string,
  config: Pick<GatewayConfig, 'chainWatchers'>,
): WatchOnlyWallet | null {
  const walletNetwork = walletNetworkOf(network);
  const recorded = walletNetwork === null ? undefined : merchant?.wallets?.[walletNetwork];
  const node = chainNodeFor(config.chainWatchers, network);
  const wallet = recorded ? watchOnlyOf(recorded) : null;
  if (!wallet || !node) return null;
  if (wallet.network === 'evm') return wallet;
  return wallet.chainKind === config.chainWatchers.chains[node.network as UtxoWatchedNetwork] ? wallet : null;
}

/** A recorded merchant wallet as packages/chain derives from it; null for a network it cannot derive on. */
export function watchOnlyOf(wallet: MerchantWallet): WatchOnlyWallet | null {
  if (!isWalletNetwork(wallet.network)) return null;
  const key = {
    extendedPublicKey: wallet.extendedPublicKey,
    descriptor: wallet.descriptor,
    keyId: wallet.keyId,
  };
  if (wallet.network === 'evm') return { network: 'evm', chainKind: 'evm', ...key };
  return { network: wallet.network, chainKind: wallet.chainKind as ChainKind, ...key };
}

/**
 * A payment on a network where the merchant has a paying wallet gets the wallet's next receive address:
 * the index is allocated on the wallet's stream through payments (the only writer), so no two payments
 * share one and none is handed out again after a restart. Anywhere else the sandbox's throw-away address
 * is handed out only while the sandbox is on, as a test payment; with it off, the payment is refused
 * rather than given an address nobody can spend from.
 */
export class MerchantPayAddresses implements PayAddressSource {
  constructor(
    private readonly deps: {
      readModels: ReadModelStore;
      commands: Pick<CommandClient, 'send'>;
      config: PayingChains;
      sandbox: AddressAllocator;
    },
  ) {}

  async assign(request: PayAddressRequest): Promise<AssignedPayAddress> {
    const merchants = this.deps.readModels.collection<MerchantDocument>(COLLECTIONS.merchants);
    const wallet = payingWallet(await merchants.get(request.merchantId), request.network, this.deps.config);
    if (wallet) return this.fromWallet(wallet, request);
    if (!this.deps.config.sandboxEnabled) throw new NoPayingWalletError(request.network);
    return sandboxAddress(this.deps.sandbox, request.network);
  }

  private async fromWallet(wallet: WatchOnlyWallet, request: PayAddressRequest): Promise<AssignedPayAddress> {
    const walletId = walletIdOf({
      merchantId: request.merchantId,
      network: wallet.network,
      keyId: wallet.keyId,
    });
    // One command id per payment: a retried create is answered with the index it was given the first time.
    const reply = await this.deps.commands.send(
      streamIdOf('wallet', walletId),
      request.merchantId,
      { type: 'AllocatePayAddress', data: { paymentId: request.paymentId }, metadata: { now: request.now } },
      `allocate-pay-address:${request.paymentId}`,
    );
    if (!reply.ok) throw new Error(`pay address allocation refused: ${reply.error.message}`);
    const addressIndex = allocatedIndexOf(reply.version);
    return {
      address: receiveAddress(wallet, addressIndex),
      extraId: null,
      walletKeyId: wallet.keyId,
      addressIndex,
      testPayment: false,
    };
  }
}

/** Only the sandbox's throw-away addresses: benches and tests that never take real money. */
export class SandboxPayAddresses implements PayAddressSource {
  constructor(private readonly sandbox: AddressAllocator) {}

  assign(request: PayAddressRequest): Promise<AssignedPayAddress> {
    return sandboxAddress(this.sandbox, request.network);
  }
}

async function sandboxAddress(sandbox: AddressAllocator, network: string): Promise<AssignedPayAddress> {
  const { address, extraId } = await sandbox.allocate(network);
  return { address, extraId, walletKeyId: null, addressIndex: null, testPayment: true };
}
