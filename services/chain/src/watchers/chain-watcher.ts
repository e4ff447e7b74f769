import type { MessageBus } from '@gw/bus';
import { TOPICS, type DepositMessage } from '@gw/contracts';
import type { StaticDepositOutcome, WatchedStaticAddress } from '@gw/application';
import type { StaticDeposit } from '@gw/domain';
import { newChainNumericId, type Clock } from '@gw/platform';
import { fromBaseUnits } from '@gw/pricing';
import type { ReadModelStore } from '@gw/store';
import type { Logger } from 'pino';
import type { BlockRef, ChainSource, NodeState, Transfer } from './chain-source';
import { missingStateOf } from './deposit-drops';
import {
  REMEMBERED_BLOCKS,
  depositId,
  isSettled,
  type WatchCheckpoint,
  type WatchStore,
  type WatchedDeposit,
} from './watch-store';
import { RefundTransfers, type RefundWatch } from './refund-transfers';
import { KeptBetweenPolls } from './kept-between-polls';
import { WatchedPaymentSet } from './watched-payment-set';
import {
  watchedStaticAddresses,
  watchedStaticAddressesCreatedIn,
  type WatchedPayment,
} from './watched-payments';

/** Blocks looked at again for a pay address the watcher sees for the first time (the read model may lag a block). */
export const FRESH_ADDRESS_LOOKBACK = 6;
/**
 * Polls in a row whose next block did not link to the tip before the watcher calls the node broken.
 * One such poll is a race with a new block; a node that keeps contradicting itself (one restored from a
 * snapshot of another chain) would otherwise leave the watcher silently stuck below its tip.
 */
export const UNLINKED_POLLS_BEFORE_ERROR = 5;

/** Records a deposit on its static address and, credited, opens its payment (settleStaticDeposit). */
export type StaticDepositSettler = (
  address: WatchedStaticAddress,
  deposit: StaticDeposit & { paymentId: number; observedAt: string },
) => Promise<StaticDepositOutcome>;

/** Who receives at a recipient: a payment's own address, or a static address taking one of its coins. */
type Receiver =
  | { kind: 'payment'; payment: WatchedPayment }
  | { kind: 'static'; address: WatchedStaticAddress; payCurrency: string };

export interface ChainWatcherDeps {
  /** Deposits to static addresses: each is credited as a payment of its own, or refused after revocation. */
  settleStaticDeposit: StaticDepositSettler;
  source: ChainSource;
  store: WatchStore;
  readModels: ReadModelStore;
  bus: MessageBus;
  clock: Clock;
  logger: Logger;
  /** Blocks a deposit may stay out of the best chain and the mempool before it is dropped (CHAIN_DROP_AFTER_BLOCKS). */
  dropAfterBlocks: number;
}

/** The next block that did not link to the watcher's tip, and in how many polls in a row. */
interface UnlinkedBlock {
  block: BlockRef;
  previousHash: string | null;
  tip: BlockRef;
  polls: number;
}

/** What the last poll saw, for readiness, logs and metrics. */
export interface WatcherStatus {
  network: string;
  node: NodeState | null;
  processed: BlockRef | null;
  /** Why the last poll failed (the node is down, or answered with an error); null when it succeeded. */
  error: string | null;
  /** When a poll of this watcher last succeeded (ms since the epoch); null: never, here (a standby). */
  polledAt: number | null;
  reorganisations: number;
  depositsReported: number;
  depositsDropped: number;
}

/**
 * Follows one network: scans each new block and the mempool for outputs paying the pay address of an
 * open payment, and reports every deposit on `chain.deposits` whenever its confirmations or its block
 * change. The last processed block is checkpointed with the hashes before it, so a restart resumes
 * where it stopped and a reorganisation is found by walking back to the last block still on the best
 * chain; deposits in the abandoned blocks go back to unconfirmed until the new branch holds them.
 * Deposits are identified by `txid:vout`, so scanning a block twice never counts one twice. A deposit
 * whose transaction the node no longer has at all stays reported unconfirmed until it has been missing
 * for `dropAfterBlocks` blocks, then is reported dropped (deposit-drops.ts); seen again, it is reported
 * again and counts anew.
 */
export class ChainWatcher {
  private readonly source: ChainSource;
  private readonly refunds: RefundTransfers;
  private readonly watchedPayments: WatchedPaymentSet;
  private readonly staticAddresses: KeptBetweenPolls<string, WatchedStaticAddress, Receiver>;
  private seenRecipients = new Set<string>();
  /** Recipients added to the watched set and not looked back for yet (a failed poll leaves them here). */
  private readonly freshRecipients = new Set<string>();
  private checkpoint: WatchCheckpoint | null = null;
  private unlinked: UnlinkedBlock | null = null;
  /** Static deposits whose settling failed and was logged; logged again only once settled. */
  private readonly unsettledStatic = new Set<string>();
  private current: WatcherStatus;

  constructor(private readonly deps: ChainWatcherDeps) {
    this.source = deps.source;
    this.refunds = new RefundTransfers(deps.source, deps.store);
    this.watchedPayments = new WatchedPaymentSet(deps.readModels, deps.source.network, (payment) =>
      deps.source.recipientOf(payment),
    );
    this.staticAddresses = new KeptBetweenPolls({
      all: () => watchedStaticAddresses(deps.readModels, deps.source.network),
      createdIn: (minute) => watchedStaticAddressesCreatedIn(deps.readModels, deps.source.network, minute),
      keyOf: (address) => address.id,
      receiversOf: (address) =>
        address.payCurrencies.flatMap((payCurrency): [string, Receiver][] => {
          const recipient = deps.source.recipientOf({ payAddress: address.address, payCurrency });
          return recipient === null ? [] : [[recipient, { kind: 'static', address, payCurrency }]];
        }),
    });
    this.current = {
      network: deps.source.network,
      node: null,
      processed: null,
      error: null,
      polledAt: null,
      reorganisations: 0,
      depositsReported: 0,
      depositsDropped: 0,
    };
  }

  get network(): string {
    return this.source.network;
  }

  /** Requests the node's provider refused for its rate limit since start, or null where the source cannot tell. */
  throttledRequests(): number | null {
    return this.source.throttledRequests?.() ?? null;
  }

  status(): Readonly<WatcherStatus> {
    return this.current;
  }

  /**
   * One look at the node. When the node cannot be read the failure is logged once and kept in the
   * status (metrics) until a poll succeeds; the next poll starts over from the checkpoint.
   */
  async poll(): Promise<void> {
    try {
      await this.pollOnce();
      const contradiction = this.contradiction();
      if (contradiction !== null) {
        if (this.current.error !== contradiction)
          this.deps.logger.error({ network: this.network, ...this.unlinked }, contradiction);
        this.current = { ...this.current, error: contradiction };
        return;
      }
      if (this.current.error !== null)
        this.deps.logger.info({ network: this.network }, 'chain node answers again');
      this.current = { ...this.current, error: null, polledAt: this.deps.clock.now().getTime() };
    } catch (error) {
      const message = (error as Error).message;
      if (this.current.error === null) {
        this.deps.logger.warn({ network: this.network, err: error }, 'chain node unavailable; payments wait');
      }
      this.current = { ...this.current, error: message };
    }
  }

  /** Why the node cannot be followed although it answers: its next block keeps not linking to the tip. */
  private contradiction(): string | null {
    if (this.unlinked === null || this.unlinked.polls < UNLINKED_POLLS_BEFORE_ERROR) return null;
    const { block, previousHash, tip } = this.unlinked;
    return (
      `the node contradicts itself: block ${block.height} (${block.hash}) names ${previousHash} as its parent, ` +
      `but the node's block ${tip.height} is ${tip.hash}; the watcher stays at ${tip.height} until the node agrees`
    );
  }

  private async pollOnce(): Promise<void> {
    const node = await this.source.state();
    this.current = { ...this.current, node };
    const now = this.deps.clock.now();
    const read = await this.watchedPayments.read(now);
    for (const recipient of read.addedRecipients) this.freshRecipients.add(recipient);
    const kept = await this.staticAddresses.read(now);
    for (const recipient of kept.addedRecipients) this.freshRecipients.add(recipient);
    const statics = kept.byRecipient;
    const receiverOf: ReceiverOf = (recipient) => {
      const payment = read.byRecipient.get(recipient);
      return statics.get(recipient) ?? (payment ? { kind: 'payment', payment } : undefined);
    };
    const refundWatch = await this.refunds.watchOf(read.refunds);
    const refundsById = new Map(read.refunds.map((refund) => [refund.paymentId, refund]));
    const watched: WatchedSet = {
      of: (paymentId) => read.byId.get(paymentId) ?? refundsById.get(paymentId),
      ids: () => [...read.byId.keys(), ...refundsById.keys()],
    };

    let checkpoint = await this.loadCheckpoint(node.tip);
    checkpoint = await this.followBestChain(checkpoint, watched);
    await this.lookBackForFreshAddresses(checkpoint, [...this.freshRecipients], receiverOf);
    this.freshRecipients.clear();
    // Every recipient the set holds was looked back for: the ones that left the window are forgotten.
    if (read.full) this.seenRecipients = new Set([...read.byRecipient.keys(), ...statics.keys()]);
    const recipients = () =>
      new Set([...read.byRecipient.keys(), ...statics.keys(), ...refundWatch.byRecipient.keys()]);
    checkpoint = await this.scanNewBlocks(checkpoint, node.tip, receiverOf, recipients, refundWatch);
    const pending = await this.source.pending();
    await this.record(pending, receiverOf, null);
    await this.refunds.record(pending, refundWatch, null);
    await this.settlePendingStatic(receiverOf, read.full);
    const pendingTxHashes = new Set(pending.map((transfer) => transfer.txHash));
    await this.report(watched, read.full, tipOf(checkpoint), pendingTxHashes);
  }

  private async loadCheckpoint(tip: BlockRef): Promise<WatchCheckpoint> {
    this.checkpoint ??= await this.deps.store.checkpoint(this.network);
    if (this.checkpoint) return this.checkpoint;
    // First start: begin a little below the tip.
    const start = await this.blockAt(Math.max(0, tip.height - REMEMBERED_BLOCKS));
    return this.saveCheckpoint({ id: this.network, version: 0, network: this.network, blocks: [start] });
  }

  /** Drops processed blocks that are no longer on the best chain; their deposits lose their block. */
  private async followBestChain(checkpoint: WatchCheckpoint, watched: WatchedSet): Promise<WatchCheckpoint> {
    const blocks = [...checkpoint.blocks];
    while (blocks.length > 0) {
      const last = blocks[blocks.length - 1]!;
      if ((await this.source.hashAt(last.height)) === last.hash) break;
      blocks.pop();
    }
    if (blocks.length === checkpoint.blocks.length) return checkpoint;

    const oldTip = tipOf(checkpoint);
    if (blocks.length === 0) {
      // Deeper than the blocks remembered: start again from the current best chain at that depth.
      blocks.push(await this.blockAt(Math.max(0, oldTip.height - REMEMBERED_BLOCKS)));
    }
    const fork = blocks[blocks.length - 1]!;
    this.current = { ...this.current, reorganisations: this.current.reorganisations + 1 };
    this.deps.logger.warn(
      { network: this.network, abandonedTip: oldTip, forkPoint: fork },
      'chain reorganisation: blocks above the fork point left the best chain',
    );
    const deposits = await this.deps.store.depositsOf(this.network, watched.ids());
    for (const deposit of deposits) {
      if (deposit.block && deposit.block.height > fork.height) {
        await this.deps.store.save({ ...deposit, block: null, settled: false, version: deposit.version + 1 });
      }
    }
    return this.saveCheckpoint({ ...checkpoint, blocks });
  }

  private async lookBackForFreshAddresses(
    checkpoint: WatchCheckpoint,
    candidates: string[],
    receiverOf: ReceiverOf,
  ): Promise<void> {
    const fresh = new Set(candidates.filter((recipient) => !this.seenRecipients.has(recipient)));
    if (fresh.size === 0) return;
    const freshReceiverOf: ReceiverOf = (recipient) =>
      fresh.has(recipient) ? receiverOf(recipient) : undefined;
    for (const ref of checkpoint.blocks.slice(-FRESH_ADDRESS_LOOKBACK)) {
      const block = await this.source.block(ref.hash, fresh);
      await this.record(block.transfers, freshReceiverOf, ref);
    }
    for (const recipient of fresh) this.seenRecipients.add(recipient);
  }

  private async scanNewBlocks(
    checkpoint: WatchCheckpoint,
    tip: BlockRef,
    receiverOf: ReceiverOf,
    recipientsOf: () => ReadonlySet<string>,
    refundWatch: RefundWatch,
  ): Promise<WatchCheckpoint> {
    let current = checkpoint;
    let recipients: ReadonlySet<string> | null = null;
    let linked = true;
    for (let height = tipOf(current).height + 1; height <= tip.height; height++) {
      const hash = await this.source.hashAt(height);
      if (hash === null) break;
      recipients ??= recipientsOf();
      const block = await this.source.block(hash, recipients);
      // The chain changed under the scan: the next poll finds the fork point.
      if (block.previousHash !== tipOf(current).hash) {
        this.noteUnlinked({ height: block.height, hash: block.hash }, block.previousHash, tipOf(current));
        linked = false;
        break;
      }
      const ref = { height: block.height, hash: block.hash };
      await this.record(block.transfers, receiverOf, ref);
      await this.refunds.record(block.transfers, refundWatch, ref);
      current = await this.saveCheckpoint({
        ...current,
        blocks: [...current.blocks, ref].slice(-REMEMBERED_BLOCKS),
      });
    }
    if (linked) this.unlinked = null;
    return current;
  }

  private noteUnlinked(block: BlockRef, previousHash: string | null, tip: BlockRef): void {
    const before = this.unlinked;
    const again = before !== null && before.block.hash === block.hash && before.tip.hash === tip.hash;
    this.unlinked = { block, previousHash, tip, polls: again ? before.polls + 1 : 1 };
  }

  private async record(transfers: Transfer[], receiverOf: ReceiverOf, block: BlockRef | null): Promise<void> {
    for (const transfer of transfers) {
      const receiver = receiverOf(transfer.recipient);
      if (!receiver) continue;
      const id = depositId(this.network, transfer.txHash, transfer.outputIndex);
      let known = await this.deps.store.get(id);
      if (receiver.kind === 'static') known = await this.settleStatic(receiver, transfer, id, known);
      const wasMissing = known !== null && ((known.missingSince ?? null) !== null || known.dropped === true);
      // Seen in the mempool again, or in the same block again: nothing new (a rescan counts nothing twice).
      if (known && !wasMissing && (block === null || known.block?.hash === block.hash)) continue;
      const owner =
        receiver.kind === 'payment'
          ? receiver.payment
          : { payAddress: receiver.address.address, merchantId: receiver.address.merchantId };
      await this.deps.store.save({
        id,
        version: (known?.version ?? 0) + 1,
        network: this.network,
        txHash: transfer.txHash,
        outputIndex: transfer.outputIndex,
        payAddress: owner.payAddress,
        paymentId: known?.paymentId ?? (receiver.kind === 'payment' ? receiver.payment.paymentId : 0),
        merchantId: owner.merchantId,
        amount: transfer.amount.toString(),
        block,
        missingSince: null,
        dropped: false,
        reported: known?.reported ?? null,
        settled: false,
        ...(known?.staticAddress ? { staticAddress: known.staticAddress } : {}),
      });
    }
  }

  /**
   * A deposit to a static address, first seen or not yet decided: its payment id is proposed and kept
   * before anything is asked, so a restart asks again with the same one; the address's stream then
   * credits it (its payment is opened) or refuses it (revoked), once. A refused deposit stays in the
   * store, never reported to a payment, and shows on the address. One that cannot be settled now (its
   * payment refused, its coin gone from the catalogue) stays pending and is tried again at the next polls
   * (settlePendingStatic): it must not stop the scan, and with it every other deposit of the chain.
   */
  private async settleStatic(
    receiver: Extract<Receiver, { kind: 'static' }>,
    transfer: Transfer,
    id: string,
    known: WatchedDeposit | null,
  ): Promise<WatchedDeposit> {
    if (known?.staticAddress && known.staticAddress.outcome !== 'pending') return known;
    const { address, payCurrency } = receiver;
    const proposed: WatchedDeposit = known ?? {
      id,
      version: 1,
      network: this.network,
      txHash: transfer.txHash,
      outputIndex: transfer.outputIndex,
      payAddress: address.address,
      paymentId: newChainNumericId(),
      merchantId: address.merchantId,
      amount: transfer.amount.toString(),
      // Not yet placed: the caller records where the chain holds it.
      block: null,
      missingSince: null,
      dropped: false,
      reported: null,
      settled: false,
      staticAddress: { id: address.id, outcome: 'pending', payCurrency },
    };
    if (!known) await this.deps.store.save(proposed);
    let outcome: StaticDepositOutcome;
    try {
      outcome = await this.deps.settleStaticDeposit(address, {
        depositId: id,
        txHash: transfer.txHash,
        outputIndex: transfer.outputIndex,
        payCurrency,
        amount: fromBaseUnits(transfer.amount.toString(), this.source.decimalsOf(payCurrency)),
        paymentId: proposed.paymentId,
        observedAt: this.deps.clock.now().toISOString(),
      });
    } catch (error) {
      if (!this.unsettledStatic.has(id)) {
        this.unsettledStatic.add(id);
        this.deps.logger.error(
          { network: this.network, depositId: id, staticAddressId: address.id, err: error },
          'deposit to a static address not settled: kept pending and tried again at each poll',
        );
      }
      return proposed;
    }
    if (this.unsettledStatic.delete(id))
      this.deps.logger.info({ network: this.network, depositId: id }, 'pending static deposit settled');
    if (!outcome.credited)
      this.deps.logger.warn(
        {
          network: this.network,
          address: address.address,
          txHash: transfer.txHash,
          staticAddressId: address.id,
        },
        'deposit to a revoked static address: recorded on the address, not credited',
      );
    const settled: WatchedDeposit = {
      ...proposed,
      version: proposed.version + 1,
      paymentId: outcome.credited ? outcome.paymentId : proposed.paymentId,
      staticAddress: { id: address.id, outcome: outcome.credited ? 'credited' : 'refused' },
    };
    await this.deps.store.save(settled);
    return settled;
  }

  /**
   * Tries again to settle each deposit to a static address still pending, as when it was first seen:
   * at a full load (those left by a process that stopped), and at each poll while one failed here.
   */
  private async settlePendingStatic(receiverOf: ReceiverOf, full: boolean): Promise<void> {
    if (!full && this.unsettledStatic.size === 0) return;
    const open = await this.deps.store.openDeposits(this.network);
    for (const deposit of open) {
      const payCurrency = deposit.staticAddress?.payCurrency;
      if (deposit.staticAddress?.outcome !== 'pending' || payCurrency === undefined) continue;
      const recipient = this.source.recipientOf({ payAddress: deposit.payAddress, payCurrency });
      if (recipient === null) continue;
      const receiver = receiverOf(recipient);
      if (receiver?.kind !== 'static') continue;
      const transfer: Transfer = {
        txHash: deposit.txHash,
        outputIndex: deposit.outputIndex,
        recipient,
        amount: BigInt(deposit.amount),
      };
      await this.settleStatic(receiver, transfer, deposit.id, deposit);
    }
  }

  /**
   * Publishes each deposit (one output paying a payment's address, or a pending refund's) whose
   * confirmations, block or drop changed. A full load looks at every deposit of the watched payments;
   * a poll in between only at those not settled, which are all that can change without a new block
   * for them (recorded unsettled by `record`, or by `followBestChain` on a reorganisation).
   */
  private async report(
    watched: WatchedSet,
    full: boolean,
    processed: BlockRef,
    pendingTxHashes: ReadonlySet<string>,
  ): Promise<void> {
    this.current = { ...this.current, processed };
    const deposits = full
      ? await this.deps.store.depositsOf(this.network, watched.ids())
      : (await this.deps.store.openDeposits(this.network)).filter(
          (d) => watched.of(d.paymentId) !== undefined,
        );
    for (const stored of deposits) {
      // A static address's deposit counts for a payment only once the address credited it to one.
      if (stored.staticAddress && stored.staticAddress.outcome !== 'credited') continue;
      const deposit = await this.followMissing(stored, pendingTxHashes, processed);
      const block = deposit.block;
      const confirmations = block ? Math.max(0, processed.height - block.height + 1) : 0;
      const blockHash = block?.hash ?? null;
      const dropped = deposit.dropped === true;
      const payment = watched.of(deposit.paymentId);
      const required = payment?.requiredConfirmations ?? 1;
      // Past the required count, more blocks change nothing for the payment: only a new block hash is news.
      const reported = deposit.reported;
      const unchanged =
        (reported?.dropped ?? false) === dropped &&
        reported?.blockHash === blockHash &&
        (reported.confirmations === confirmations ||
          (reported.confirmations >= required && confirmations >= required));
      if (unchanged) {
        // Deposits saved before `settled` was kept get it here, at a full load.
        if (deposit.settled !== isSettled(reported, required))
          await this.deps.store.save({
            ...deposit,
            settled: isSettled(reported, required),
            version: deposit.version + 1,
          });
        continue;
      }
      const message: DepositMessage = {
        payAddress: deposit.payAddress,
        network: this.network,
        paymentId: deposit.paymentId,
        merchantId: deposit.merchantId,
        txHash: deposit.txHash,
        outputIndex: deposit.outputIndex,
        amount: fromBaseUnits(deposit.amount, this.source.decimalsOf(payment!.payCurrency)),
        fromAddress: null,
        confirmations,
        observedAt: this.deps.clock.now().toISOString(),
        blockHash,
        blockHeight: block?.height ?? null,
        ...(dropped ? { dropped } : {}),
        ...(deposit.refund === true ? { refund: true } : {}),
      };
      await this.deps.bus.publish(TOPICS.deposits, [{ key: message.payAddress, value: message }]);
      const nowReported = { confirmations, blockHash, dropped };
      await this.deps.store.save({
        ...deposit,
        reported: nowReported,
        settled: isSettled(nowReported, required),
        version: deposit.version + 1,
      });
      this.current = {
        ...this.current,
        depositsReported: this.current.depositsReported + 1,
        depositsDropped: this.current.depositsDropped + (dropped ? 1 : 0),
      };
      this.deps.logger.info(
        {
          network: this.network,
          paymentId: deposit.paymentId,
          txHash: deposit.txHash,
          outputIndex: deposit.outputIndex,
          confirmations,
          blockHash,
          dropped,
        },
        dropped ? 'deposit dropped: its transaction left the chain for good' : 'deposit reported',
      );
    }
  }

  /** A deposit out of every scanned block and the mempool: is the node still holding it, and for how long not? */
  private async followMissing(
    deposit: WatchedDeposit,
    pendingTxHashes: ReadonlySet<string>,
    processed: BlockRef,
  ): Promise<WatchedDeposit> {
    if (deposit.block !== null || deposit.dropped === true || pendingTxHashes.has(deposit.txHash))
      return deposit;
    const known = await this.source.knowsTransaction(deposit.txHash);
    const next = missingStateOf(deposit, known, processed.height, this.deps.dropAfterBlocks);
    if (next.missingSince === (deposit.missingSince ?? null) && !next.dropped) return deposit;
    const updated = { ...deposit, ...next, settled: false, version: deposit.version + 1 };
    await this.deps.store.save(updated);
    return updated;
  }

  private async blockAt(height: number): Promise<BlockRef> {
    const hash = await this.source.hashAt(height);
    if (hash === null) throw new Error(`${this.network} node has no block at height ${height}`);
    return { height, hash };
  }

  private async saveCheckpoint(checkpoint: WatchCheckpoint): Promise<WatchCheckpoint> {
    const next = { ...checkpoint, version: checkpoint.version + 1 };
    await this.deps.store.saveCheckpoint(next);
    this.checkpoint = next;
    return next;
  }
}

/** What the watcher reports deposits for: a payment's pay address, or a pending refund's address. */
type Watched = Pick<WatchedPayment, 'paymentId' | 'payCurrency' | 'requiredConfirmations'>;

/** The payments and refunds a poll watches: one by id, and all their ids (a full load's report, a reorganisation). */
interface WatchedSet {
  of(paymentId: number): Watched | undefined;
  ids(): number[];
}

/** Who receives at a recipient this poll, if anyone. */
type ReceiverOf = (recipient: string) => Receiver | undefined;

const tipOf = (checkpoint: WatchCheckpoint): BlockRef => checkpoint.blocks[checkpoint.blocks.length - 1]!;
