import {
  receiveAddress,
  walletFamilyOf,
  walletNetworkOf,
  type AddressAllocator,
  type WatchOnlyWallet,
} from '@gw/chain';
import {
  allocatedIndexOf,
  streamIdOf,
  walletIdOf,
  type ChainBlockRef,
  type MerchantWallet,
  type WalletCommand,
} from '@gw/domain';
import { chainNodeFor, type GatewayConfig } from '@gw/platform';
import type { ReadModelStore } from '@gw/store';
import { COLLECTIONS, type MerchantDocument } from '@gw/views';
import type { CommandClient, CommandInput } from './command-client';

/** What of a merchant's document decides its pay addresses. */
export type PayingMerchant = Pick<MerchantDocument, 'merchantId' | 'wallets'>;

/** What a new payment asks its pay address for. */
export interface PayAddressRequest {
  network: string;
  merchantId: string;
  /** The merchant's document as the caller read it for this request; read by the source when absent. */
  merchant?: PayingMerchant;
  paymentId: number;
  /**
   * Who the address is for; `paymentId` is a static address's id for a static address. Their ids are
   * minted apart, so a payment and a static address can share a number, never an allocation.
   */
  holder?: 'payment' | 'static-address';
  /** The create's time, recorded on the allocation. */
  now: string;
}

/** The part of an allocation's command ids that names its holder: a retried create is answered with its index. */
const holderKeyOf = (request: PayAddressRequest): string =>
  request.holder === 'static-address' ? `static-address:${request.paymentId}` : String(request.paymentId);

export interface AssignedPayAddress {
  address: string;
  /** Memo or destination tag the buyer must add; null when the address alone identifies the payment. */
  extraId: string | null;
  /** The merchant wallet key and receive index the address was derived at; null for a sandbox address. */
  walletKeyId: string | null;
  addressIndex: number | null;
  /** A sandbox address: only the simulated chain pays it. */
  testPayment: boolean;
  /**
   * The node's tip just before the address was checked and handed out: money mined at or below it was
   * there before the payment (prior-deposits.ts). Null for a sandbox address.
   */
  chainTip: ChainBlockRef | null;
}

/** What a node tells about an address before it is handed out (the ChainSource's `addressHistory`). */
export interface AddressHistory {
  used: boolean;
  txHash: string | null;
}

/** The node of one network, as the hand-out asks it: its tip, and an address's history. */
export interface PayAddressChain {
  state(): Promise<{ tip: ChainBlockRef }>;
  addressHistory(address: string): Promise<AddressHistory>;
}

/**
 * Used addresses one create skips at most: bounds its time should a node call every address used. The
 * skips are recorded, so the next create goes on from there.
 */
export const MAX_SKIPS_PER_PAYMENT = 100;

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

/** The node of a network could not be asked about the address about to be handed out. */
export class PayAddressUncheckedError extends NoPayingWalletError {
  constructor(network: string, reason: string) {
    super(network);
    this.message = `The ${network} node could not check the next pay address (${reason}): try again shortly`;
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
  return walletFamilyOf(wallet.network)!.pays(wallet, node.network, config.chainWatchers) ? wallet : null;
}

/** A recorded merchant wallet as packages/chain derives from it; null for a network it cannot derive on. */
export function watchOnlyOf(wallet: MerchantWallet): WatchOnlyWallet | null {
  const family = walletFamilyOf(wallet.network);
  if (!family) return null;
  return family.fromRecord(wallet.network, wallet.chainKind, {
    extendedPublicKey: wallet.extendedPublicKey,
    descriptor: wallet.descriptor,
    keyId: wallet.keyId,
  });
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
      /** The node of a watched network, asked before an address is handed out; null where none is. */
      chains: (network: string) => PayAddressChain | null;
    },
  ) {}

  async assign(request: PayAddressRequest): Promise<AssignedPayAddress> {
    const merchant =
      request.merchant?.merchantId === request.merchantId
        ? request.merchant
        : await this.deps.readModels
            .collection<MerchantDocument>(COLLECTIONS.merchants)
            .get(request.merchantId);
    const wallet = payingWallet(merchant, request.network, this.deps.config);
    if (wallet) return this.fromWallet(wallet, request);
    if (!this.deps.config.sandboxEnabled) throw new NoPayingWalletError(request.network);
    return sandboxAddress(this.deps.sandbox, request.network);
  }

  /**
   * The wallet's next index, allocated on the wallet's stream. The node's tip is read first, then the
   * address is checked with the node: one with history (a wallet app used it, or the key was used
   * before this gateway) is skipped, recorded as UsedPayAddressSkipped, and the payment takes the next.
   */
  private async fromWallet(wallet: WatchOnlyWallet, request: PayAddressRequest): Promise<AssignedPayAddress> {
    const walletId = walletIdOf({
      merchantId: request.merchantId,
      network: wallet.network,
      keyId: wallet.keyId,
    });
    const chain = this.deps.chains(request.network);
    const chainTip = chain ? (await this.ask(request.network, () => chain.state())).tip : null;
    // One command id per payment (and per skip): a retried create is answered with the index it was given the first time.
    let addressIndex = await this.allocate(
      walletId,
      request,
      { type: 'AllocatePayAddress', data: { paymentId: request.paymentId } },
      `allocate-pay-address:${holderKeyOf(request)}`,
    );
    for (let skips = 0; chain; skips++) {
      const address = receiveAddress(wallet, addressIndex);
      const history = await this.ask(request.network, () => chain.addressHistory(address));
      if (!history.used) break;
      if (skips === MAX_SKIPS_PER_PAYMENT)
        throw new PayAddressUncheckedError(request.network, `${skips} addresses in a row already used`);
      addressIndex = await this.allocate(
        walletId,
        request,
        {
          type: 'SkipUsedPayAddress',
          data: {
            paymentId: request.paymentId,
            skippedIndex: addressIndex,
            skippedAddress: address,
            txHash: history.txHash,
          },
        },
        `skip-used-pay-address:${holderKeyOf(request)}:${addressIndex}`,
      );
    }
    return {
      address: receiveAddress(wallet, addressIndex),
      extraId: null,
      walletKeyId: wallet.keyId,
      addressIndex,
      testPayment: false,
      chainTip,
    };
  }

  /** Appends one allocation to the wallet's stream; the index it hands out is its version minus one. */
  private async allocate(
    walletId: string,
    request: PayAddressRequest,
    command: Extract<CommandInput, { type: WalletCommand['type'] }>,
    commandId: string,
  ): Promise<number> {
    const reply = await this.deps.commands.send(
      streamIdOf('wallet', walletId),
      request.merchantId,
      { ...command, metadata: { now: request.now } },
      commandId,
    );
    if (!reply.ok) throw new Error(`pay address allocation refused: ${reply.error.message}`);
    return allocatedIndexOf(reply.version);
  }

  /** A node that cannot answer refuses the payment: an unchecked address could already hold someone's money. */
  private async ask<T>(network: string, question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (error) {
      throw new PayAddressUncheckedError(network, (error as Error).message);
    }
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
  return { address, extraId, walletKeyId: null, addressIndex: null, testPayment: true, chainTip: null };
}
