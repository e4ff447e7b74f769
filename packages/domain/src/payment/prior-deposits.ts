import { isSameDeposit, outputIndexOf, type Deposit, type DepositRef } from './deposit';
import type { ObservedDeposit } from './late-deposits';
import type { ExistingPayment, PaymentEvent } from './payment';

/** A block by its place in the chain. */
export interface ChainBlockRef {
  height: number;
  hash: string;
}

/**
 * Money that was on the pay address before the payment existed: mined in a block the chain already had
 * when the address was handed out (the merchant's wallet app used the address, or a gateway started
 * again at index 0 on a wallet with history). It never counts towards the payment and is kept apart,
 * for the merchant to see, like a late deposit.
 */
export interface PriorDeposit extends Deposit {
  block: ChainBlockRef;
}

/**
 * The rule, in one place: a deposit counts for a payment only if the chain first showed it after the
 * payment was created. The clock that decides is the chain's own: the tip the node had when the pay
 * address was handed out, recorded on the payment (`payAddressChainTip`). A transaction mined at or
 * below that height was already on the chain then; one in the mempool or in a later block was not.
 * Block timestamps are not used: miners may set them hours off, and the gateway's clock is not the
 * node's. At the recorded height itself only the recorded block is old: another block there replaced
 * it in a reorganisation after the create, so what it holds arrived since. Payments without a
 * recorded tip (the sandbox, payments created before it was recorded) and mempool observations
 * (no block) are never prior; a deposit first seen in the mempool is known to the payment before it
 * is mined, so where it is mined later no longer matters.
 */
export function arrivedBeforePayment(
  tipAtCreate: ChainBlockRef | null | undefined,
  block: ChainBlockRef | null | undefined,
): boolean {
  if (!tipAtCreate || !block) return false;
  if (block.height < tipAtCreate.height) return true;
  return block.height === tipAtCreate.height && block.hash === tipAtCreate.hash;
}

/** Whether an observed deposit is older than its payment (see `arrivedBeforePayment`). */
export const isPriorDeposit = (
  payment: ExistingPayment,
  deposit: ObservedDeposit,
): deposit is ObservedDeposit & { block: ChainBlockRef } =>
  arrivedBeforePayment(payment.terms.payAddressChainTip, deposit.block);

/** Money older than the payment: recorded apart, never added to what was paid, whatever the status. */
export function receivePriorDeposit(
  deposit: ObservedDeposit & { block: ChainBlockRef },
  at: string,
): PaymentEvent {
  return {
    type: 'PriorDepositReceived',
    data: {
      txHash: deposit.txHash,
      outputIndex: outputIndexOf(deposit),
      amount: deposit.amount,
      fromAddress: deposit.fromAddress,
      confirmations: deposit.confirmations,
      detectedAt: at,
      block: deposit.block,
    },
  };
}

export const findPriorDeposit = (payment: ExistingPayment, ref: DepositRef): PriorDeposit | undefined =>
  payment.priorDeposits.find((prior) => isSameDeposit(prior, ref));
