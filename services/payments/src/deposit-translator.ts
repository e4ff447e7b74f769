import type { CommandMessage, DepositMessage } from '@gw/contracts';
import { streamIdOf } from '@gw/domain';

/**
 * A chain observation becomes a RecordDeposit command on the payment's stream. The command id is
 * derived from the observation, so a redelivered observation is recognised as already applied. A
 * watcher's observation also names its block and time: after a reorganisation the same confirmation
 * count comes back in another block (or again in the mempool), which is a new observation.
 */
export function depositToCommand(deposit: DepositMessage): CommandMessage {
  const observation =
    deposit.blockHash === undefined ? '' : `:${deposit.blockHash ?? 'mempool'}:${deposit.observedAt}`;
  const commandId = `deposit:${deposit.network}:${deposit.txHash}:${deposit.confirmations}${observation}`;
  return {
    commandId,
    streamId: streamIdOf('payment', deposit.paymentId),
    merchantId: deposit.merchantId,
    command: {
      type: 'RecordDeposit',
      data: {
        txHash: deposit.txHash,
        amount: deposit.amount,
        fromAddress: deposit.fromAddress,
        confirmations: deposit.confirmations,
      },
      metadata: { now: deposit.observedAt, correlationId: commandId, causationId: commandId },
    },
  };
}
