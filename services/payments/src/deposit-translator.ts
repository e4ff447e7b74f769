import type { CommandMessage, DepositMessage } from '@gw/contracts';
import { streamIdOf } from '@gw/domain';

/**
 * A chain observation becomes a RecordDeposit command on the payment's stream. The command id is
 * derived from the observation, so a redelivered observation is recognised as already applied.
 */
export function depositToCommand(deposit: DepositMessage): CommandMessage {
  const commandId = `deposit:${deposit.network}:${deposit.txHash}:${deposit.confirmations}`;
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
