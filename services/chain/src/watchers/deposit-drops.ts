import type { WatchedDeposit } from './watch-store';

/** Whether a deposit is missing from the node, and whether it has been missing long enough to be dropped. */
export type MissingState = Required<Pick<WatchedDeposit, 'missingSince' | 'dropped'>>;

/**
 * The drop rule, for a deposit the watcher found neither in a block of the best chain nor in the mempool.
 * While the node still knows the transaction (waiting to be mined, or mined in a block the next scan
 * reads) nothing is missing. Otherwise the deposit is missing from the processed height it was first
 * found so, and dropped once `dropAfterBlocks` more blocks were processed without it coming back: a
 * reorganisation's transactions normally return to the mempool and are mined again within a few blocks,
 * so only one that was double-spent, replaced or evicted stays away that long. Seen again later, in the
 * mempool or a block, it is no longer missing and counts again.
 */
export function missingStateOf(
  deposit: Pick<WatchedDeposit, 'missingSince'>,
  nodeKnowsTransaction: boolean,
  processedHeight: number,
  dropAfterBlocks: number,
): MissingState {
  if (nodeKnowsTransaction) return { missingSince: null, dropped: false };
  const missingSince = deposit.missingSince ?? processedHeight;
  return { missingSince, dropped: processedHeight - missingSince >= dropAfterBlocks };
}
