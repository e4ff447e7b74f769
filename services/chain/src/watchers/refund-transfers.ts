import { toBaseUnits } from '@gw/pricing';
import type { BlockRef, ChainSource, Transfer } from './chain-source';
import { depositId, type WatchStore } from './watch-store';
import type { WatchedRefund } from './watched-payments';

/**
 * The pending refunds by the recipient they are paid to (two payments may be refunded to the same buyer
 * address), oldest first, and the payments whose refund transfer is already found: a later transfer to
 * the same address is another refund's.
 */
export interface RefundWatch {
  byRecipient: Map<string, WatchedRefund[]>;
  found: Set<number>;
}

/**
 * The watcher's refund side: the merchant's refund transaction is a transfer to the buyer's address of a
 * pending refund (packages/domain refunds.ts), stored and reported like a deposit of the payment, marked
 * `refund` (chain-watcher.ts reports it; payments turns it into RecordRefundTransfer).
 */
export class RefundTransfers {
  constructor(
    private readonly source: ChainSource,
    private readonly store: WatchStore,
  ) {}

  /**
   * Transfers paying the buyer's address of a pending refund, each counted for one refund only: the
   * oldest request it pays in full. Only blocks scanned after the watcher learned of the request, and the
   * mempool, are looked at (never the look-back of fresh pay addresses): a transfer the buyer's address
   * received before the refund was asked is not the merchant's refund. Stored like a deposit, marked
   * `refund`, so confirmations, reorganisations, drops and restarts follow the same journal.
   */
  async record(
    transfers: Transfer[],
    { byRecipient, found }: RefundWatch,
    block: BlockRef | null,
  ): Promise<void> {
    if (byRecipient.size === 0) return;
    for (const transfer of transfers) {
      const candidates = byRecipient.get(transfer.recipient);
      if (!candidates) continue;
      const id = depositId(this.source.network, transfer.txHash, transfer.outputIndex);
      const known = await this.store.get(id);
      if (known && known.refund !== true) continue;
      const refund = known
        ? candidates.find((candidate) => candidate.paymentId === known.paymentId)
        : candidates.find(
            (candidate) => !found.has(candidate.paymentId) && transfer.amount >= this.baseUnitsOf(candidate),
          );
      if (!refund) continue;
      const wasMissing = known !== null && ((known.missingSince ?? null) !== null || known.dropped === true);
      if (known && !wasMissing && (block === null || known.block?.hash === block.hash)) continue;
      await this.store.save({
        id,
        version: (known?.version ?? 0) + 1,
        network: this.source.network,
        txHash: transfer.txHash,
        outputIndex: transfer.outputIndex,
        payAddress: refund.refundAddress,
        paymentId: refund.paymentId,
        merchantId: refund.merchantId,
        amount: transfer.amount.toString(),
        block,
        missingSince: null,
        dropped: false,
        refund: true,
        reported: known?.reported ?? null,
        settled: false,
      });
      // One transfer refunds one payment: the next request to the same address waits for its own.
      found.add(refund.paymentId);
    }
  }

  /**
   * The pending refunds by recipient, and those whose transfer was already found (stored, not dropped,
   * paying the requested address at least the requested amount: a replaced request looks anew).
   */
  async watchOf(refunds: WatchedRefund[]): Promise<RefundWatch> {
    const byRecipient = new Map<string, WatchedRefund[]>();
    for (const refund of refunds) {
      const recipient = this.source.recipientOf({
        payAddress: refund.refundAddress,
        payCurrency: refund.payCurrency,
      });
      if (recipient !== null) byRecipient.set(recipient, [...(byRecipient.get(recipient) ?? []), refund]);
    }
    const found = new Set<number>();
    if (refunds.length === 0) return { byRecipient, found };
    const refundOf = new Map(refunds.map((refund) => [refund.paymentId, refund]));
    const stored = await this.store.depositsOf(this.source.network, [...refundOf.keys()]);
    for (const deposit of stored) {
      const refund = refundOf.get(deposit.paymentId);
      if (!refund || deposit.refund !== true || deposit.dropped === true) continue;
      if (deposit.payAddress === refund.refundAddress && BigInt(deposit.amount) >= this.baseUnitsOf(refund))
        found.add(deposit.paymentId);
    }
    return { byRecipient, found };
  }

  private baseUnitsOf(refund: WatchedRefund): bigint {
    return BigInt(toBaseUnits(refund.amount, this.source.decimalsOf(refund.payCurrency)));
  }
}
