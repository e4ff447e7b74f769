import type { EventMessage, ReplyMessage } from '@gw/contracts';
import { assertNever, type Amount } from '@gw/domain';
import type { CommandClient, RatesSource } from '@gw/application';
import type { Logger } from 'pino';
import type { PayoutSender } from './payout-sender';
import { settlementStepFor, type SettlementStep } from './settlement';

export interface PayoutSettlementDeps {
  commands: CommandClient;
  sender: PayoutSender;
  rates: RatesSource;
  logger: Logger;
  serviceFeePercent?: Amount;
}

/**
 * The process manager that settles confirmed payments: PaymentConfirmed → StartPayout, then
 * PayoutStarted → send the payout → CompletePayout. A refused command (the payment moved on, e.g. it
 * was failed meanwhile) is logged and dropped; a timeout throws, so the bus redelivers the event.
 */
export class PayoutSettlement {
  constructor(private readonly deps: PayoutSettlementDeps) {}

  async handle(event: EventMessage): Promise<void> {
    const step = settlementStepFor(event, this.deps.serviceFeePercent);
    if (!step) return;
    const reply = await this.execute(step);
    if (!reply.ok)
      this.deps.logger.warn(
        { paymentId: step.paymentId, step: step.kind, error: reply.error },
        'payout step refused',
      );
  }

  private async execute(step: SettlementStep): Promise<ReplyMessage> {
    const { commands } = this.deps;
    switch (step.kind) {
      case 'start-payout':
        return commands.send(
          step.streamId,
          step.merchantId,
          { type: 'StartPayout', data: { serviceFeePercent: step.serviceFeePercent } },
          step.commandId,
        );
      case 'send-payout': {
        const { payoutHash } = await this.deps.sender.send({
          paymentId: step.paymentId,
          merchantId: step.merchantId,
          network: this.deps.rates.current().findCryptoCurrency(step.outcomeCurrency).network,
          currency: step.outcomeCurrency,
          amount: step.outcomeAmount,
          idempotencyKey: step.commandId,
        });
        return commands.send(
          step.streamId,
          step.merchantId,
          { type: 'CompletePayout', data: { payoutHash } },
          step.commandId,
        );
      }
      default:
        return assertNever(step);
    }
  }
}
