import type { CommandMessage, DepositMessage } from '@gw/contracts';
import { depositIdOf, streamIdOf } from '@gw/domain';
import { numericIdFrom, uuidFrom } from '@gw/platform';

/**
 * A chain observation becomes a RecordDeposit command on the payment's stream. The command id is
 * derived from the observation, so a redelivered observation is recognised as already applied. A
 * watcher's observation also names its block and time: after a reorganisation the same confirmation
 * count comes back in another block (or again in the mempool), which is a new observation. The ids of
 * the repeated payment a late deposit opens (V1) are derived too: the same deposit names the same child,
 * in the chain's id space, which no request's payment id shares.
 */
export function depositToCommand(deposit: DepositMessage): CommandMessage {
  if (deposit.refund === true) return refundToCommand(deposit);
  if (deposit.dropped === true) return dropToCommand(deposit);
  const depositId = `${deposit.network}:${depositIdOf(deposit)}`;
  const observation =
    deposit.blockHash === undefined ? '' : `:${deposit.blockHash ?? 'mempool'}:${deposit.observedAt}`;
  const commandId = `deposit:${depositId}:${deposit.confirmations}${observation}`;
  return {
    commandId,
    streamId: streamIdOf('payment', deposit.paymentId),
    merchantId: deposit.merchantId,
    command: {
      type: 'RecordDeposit',
      data: {
        txHash: deposit.txHash,
        outputIndex: deposit.outputIndex ?? null,
        amount: deposit.amount,
        fromAddress: deposit.fromAddress,
        confirmations: deposit.confirmations,
        block: blockOf(deposit),
        repeatedPayment: {
          paymentId: numericIdFrom(`repeated:${depositId}`, new Date(deposit.observedAt), 'chain'),
          uuid: uuidFrom(`repeated:${depositId}`),
        },
      },
      metadata: { now: deposit.observedAt, correlationId: commandId, causationId: commandId },
    },
  };
}

/** A watcher's word that the deposit's transaction left the chain for good: a DropDeposit, once per observation. */
function dropToCommand(deposit: DepositMessage): CommandMessage {
  const commandId = `deposit:${deposit.network}:${depositIdOf(deposit)}:dropped:${deposit.observedAt}`;
  return {
    commandId,
    streamId: streamIdOf('payment', deposit.paymentId),
    merchantId: deposit.merchantId,
    command: {
      type: 'DropDeposit',
      data: { txHash: deposit.txHash, outputIndex: deposit.outputIndex ?? null },
      metadata: { now: deposit.observedAt, correlationId: commandId, causationId: commandId },
    },
  };
}

/**
 * The merchant's refund transaction, seen paying the buyer's address: a RecordRefundTransfer, once per
 * observation. A dropped one is reported with no confirmations, which refunds nothing.
 */
function refundToCommand(deposit: DepositMessage): CommandMessage {
  const observation = `${deposit.blockHash ?? 'mempool'}:${deposit.observedAt}`;
  const commandId = `refund:${deposit.network}:${depositIdOf(deposit)}:${deposit.confirmations}:${observation}`;
  return {
    commandId,
    streamId: streamIdOf('payment', deposit.paymentId),
    merchantId: deposit.merchantId,
    command: {
      type: 'RecordRefundTransfer',
      data: {
        txHash: deposit.txHash,
        outputIndex: deposit.outputIndex ?? null,
        amount: deposit.amount,
        confirmations: deposit.dropped === true ? 0 : deposit.confirmations,
      },
      metadata: { now: deposit.observedAt, correlationId: commandId, causationId: commandId },
    },
  };
}

/** The block a watcher saw the deposit in; null in the mempool or where the message names no height. */
const blockOf = ({ blockHash, blockHeight }: DepositMessage): { height: number; hash: string } | null =>
  blockHash == null || blockHeight == null ? null : { height: blockHeight, hash: blockHash };
