import type { EventMessage, ReplyMessage } from '@gw/contracts';
import { createLogger } from '@gw/platform';
import { RatesService } from '@gw/pricing';
import { CommandTimeoutError, type CommandClient, type CommandInput } from '@gw/application';
import { PayoutSettlement } from '../src/payouts/payout-settlement';
import type { PayoutOrder, PayoutSender } from '../src/payouts/payout-sender';

interface SentCommand {
  streamId: string;
  merchantId: string;
  input: CommandInput;
  commandId: string | undefined;
}

function fakeCommands(reply: (sent: SentCommand) => ReplyMessage | Error) {
  const sent: SentCommand[] = [];
  const client = {
    async send(streamId: string, merchantId: string, input: CommandInput, commandId?: string) {
      const command = { streamId, merchantId, input, commandId };
      sent.push(command);
      const answer = reply(command);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { client: client as unknown as CommandClient, sent };
}

const accepted = (sent: SentCommand): ReplyMessage => ({
  ok: true,
  commandId: sent.commandId ?? '',
  streamId: sent.streamId,
  version: 5,
  eventTypes: ['PayoutStarted'],
});

const event = (type: EventMessage['type'], data: Record<string, unknown>): EventMessage => ({
  eventId: 'e-1',
  type,
  streamId: 'payment-5077125051',
  version: 4,
  occurredAt: '2026-01-01T10:05:00.000Z',
  merchantId: 'merchant-1',
  data,
  metadata: { correlationId: 'c-1', causationId: 'c-1' },
});

class RecordingSender implements PayoutSender {
  readonly orders: PayoutOrder[] = [];
  async send(order: PayoutOrder) {
    this.orders.push(order);
    return { payoutHash: '0xpayout' };
  }
}

function settlementWith(commands: CommandClient, sender: PayoutSender = new RecordingSender()) {
  const rates = new RatesService({ source: 'test', takenAt: '2026-01-01T00:00:00.000Z', pricesUsd: {} });
  return new PayoutSettlement({
    commands,
    sender,
    rates: { current: () => rates, live: () => null, fixed: () => rates, refresh: async () => undefined },
    logger: createLogger({ level: 'silent' }),
  });
}

describe('PayoutSettlement', () => {
  it('asks payments to start the payout of a confirmed payment', async () => {
    const { client, sent } = fakeCommands(accepted);
    await settlementWith(client).handle(
      event('PaymentConfirmed', { actuallyPaid: '0.0015', at: '2026-01-01T10:05:00.000Z' }),
    );
    expect(sent).toEqual([
      {
        streamId: 'payment-5077125051',
        merchantId: 'merchant-1',
        input: { type: 'StartPayout', data: { serviceFeePercent: '0.5' } },
        commandId: 'payout-start:5077125051',
      },
    ]);
  });

  it('sends the payout on the pay currency network, then completes it with the payout hash', async () => {
    const { client, sent } = fakeCommands(accepted);
    const sender = new RecordingSender();
    await settlementWith(client, sender).handle(
      event('PayoutStarted', {
        outcomeAmount: '12.4375',
        outcomeCurrency: 'usdttrc20',
        at: '2026-01-01T10:05:01.000Z',
      }),
    );
    expect(sender.orders).toEqual([
      {
        paymentId: 5077125051,
        merchantId: 'merchant-1',
        network: 'trx',
        currency: 'usdttrc20',
        amount: '12.4375',
        idempotencyKey: 'payout-complete:5077125051',
      },
    ]);
    expect(sent).toEqual([
      {
        streamId: 'payment-5077125051',
        merchantId: 'merchant-1',
        input: { type: 'CompletePayout', data: { payoutHash: '0xpayout' } },
        commandId: 'payout-complete:5077125051',
      },
    ]);
  });

  it('drops a step payments refuses instead of retrying it forever', async () => {
    const { client, sent } = fakeCommands((command) => ({
      ok: false,
      commandId: command.commandId ?? '',
      streamId: command.streamId,
      error: { code: 'INVALID_TRANSITION', message: 'a failed payment cannot become sending' },
    }));
    await expect(
      settlementWith(client).handle(
        event('PaymentConfirmed', { actuallyPaid: '1', at: '2026-01-01T10:05:00.000Z' }),
      ),
    ).resolves.toBeUndefined();
    expect(sent).toHaveLength(1);
  });

  it('lets a timeout fail the handler, so the bus redelivers the event', async () => {
    const { client } = fakeCommands(() => new CommandTimeoutError('payments did not answer'));
    await expect(
      settlementWith(client).handle(
        event('PaymentConfirmed', { actuallyPaid: '1', at: '2026-01-01T10:05:00.000Z' }),
      ),
    ).rejects.toBeInstanceOf(CommandTimeoutError);
  });

  it('ignores events that settle nothing', async () => {
    const { client, sent } = fakeCommands(accepted);
    await settlementWith(client).handle(event('DepositDetected', {}));
    expect(sent).toEqual([]);
  });
});
