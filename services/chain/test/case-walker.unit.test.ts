import type { EventMessage, ReplyMessage } from '@gw/contracts';
import type { PaymentStatus, PaymentTerms, SandboxCase } from '@gw/domain';
import { createLogger } from '@gw/platform';
import type { CommandClient, CommandInput } from '@gw/application';
import type { ReadModelStore } from '@gw/store';
import { CaseWalker, caseFailCommandId } from '../src/cases/case-walker';
import type { SandboxLedger, SandboxTransaction } from '../src/sandbox/ledger';
import type { Broadcast, SandboxChain } from '../src/sandbox/sandbox-chain';

const terms = (sandboxCase: SandboxCase | null, paymentId = 5077125051): Partial<PaymentTerms> => ({
  paymentId,
  merchantId: 'merchant-1',
  payAddress: '0xaAfcaFAfa56319393AC397438678F43A1dcd9c75',
  payNetwork: 'eth',
  payAmount: '0.03',
  payDecimals: 18,
  requiredConfirmations: 2,
  sandboxCase,
});

const created = (data: Partial<PaymentTerms>): EventMessage => ({
  eventId: 'e-1',
  type: 'PaymentCreated',
  streamId: `payment-${data.paymentId}`,
  version: 1,
  occurredAt: '2026-01-01T10:00:00.000Z',
  merchantId: 'merchant-1',
  data: data as Record<string, unknown>,
  metadata: { correlationId: 'c-1', causationId: 'c-1' },
});

/** The chain, its ledger and the payments read model, as far as the walker sees them. */
function world(status: PaymentStatus = 'waiting') {
  const broadcasts: Broadcast[] = [];
  const ledger: SandboxTransaction[] = [];
  const sent: { streamId: string; input: CommandInput; commandId?: string }[] = [];
  const payment = { status, payinHash: null as string | null };
  const chain = {
    async broadcast(tx: Broadcast) {
      broadcasts.push(tx);
      if (!ledger.some((known) => known.txHash === tx.txHash)) {
        ledger.push({
          txHash: tx.txHash,
          paymentId: tx.target.paymentId,
          source: tx.source,
        } as SandboxTransaction);
      }
      payment.payinHash ??= tx.txHash;
      return {} as SandboxTransaction;
    },
  } as unknown as SandboxChain;
  const sandboxLedger = {
    async forPayment(paymentId: number) {
      return ledger.filter((tx) => tx.paymentId === paymentId);
    },
  } as unknown as SandboxLedger;
  const readModels = {
    collection: () => ({ get: async () => ({ ...payment }) }),
  } as unknown as ReadModelStore;
  const commands = {
    async send(
      streamId: string,
      _merchantId: string,
      input: CommandInput,
      commandId?: string,
    ): Promise<ReplyMessage> {
      sent.push({ streamId, input, commandId });
      return { ok: true, commandId: commandId ?? '', streamId, version: 4, eventTypes: ['PaymentFailed'] };
    },
  } as unknown as CommandClient;
  const walker = new CaseWalker({
    chain,
    ledger: sandboxLedger,
    readModels,
    commands,
    logger: createLogger({ level: 'silent' }),
    stepDelayMs: 0,
  });
  return { walker, broadcasts, ledger, sent };
}

describe('CaseWalker', () => {
  it('walks a success case: the full amount seen, then confirmed, all as one transaction', async () => {
    const { walker, broadcasts } = world();
    walker.onEvent(created(terms('success')));
    await walker.idle();
    expect(broadcasts.map((b) => [b.amount, b.confirmations, b.source])).toEqual([
      ['0.03', 0, 'case'],
      ['0.03', 1, 'case'],
      ['0.03', 2, 'case'],
    ]);
    expect(new Set(broadcasts.map((b) => b.txHash)).size).toBe(1);
    expect(broadcasts[0]!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('fails a fail case once its deposit is recorded, under a command id derived from the payment', async () => {
    const { walker, broadcasts, sent } = world();
    walker.onEvent(created(terms('fail')));
    await walker.idle();
    expect(broadcasts.map((b) => b.confirmations)).toEqual([0]);
    expect(sent).toEqual([
      {
        streamId: 'payment-5077125051',
        input: { type: 'FailPayment', data: { reason: 'sandbox case fail' } },
        commandId: caseFailCommandId(5077125051),
      },
    ]);
  });

  it('re-walks a redelivered PaymentCreated with the transaction it already sent, so nothing is paid twice', async () => {
    const { walker, broadcasts } = world();
    walker.onEvent(created(terms('partially_paid')));
    await walker.idle();
    walker.onEvent(created(terms('partially_paid')));
    await walker.idle();
    expect(new Set(broadcasts.map((b) => b.txHash)).size).toBe(1);
    expect(new Set(broadcasts.map((b) => b.amount))).toEqual(new Set(['0.015']));
  });

  it('does not start a second walk for a PaymentCreated redelivered while the first is running', async () => {
    const { walker, broadcasts } = world();
    walker.onEvent(created(terms('success')));
    walker.onEvent(created(terms('success')));
    await walker.idle();
    expect(broadcasts).toHaveLength(3);
  });

  it('leaves payments without a case, and payments already in a final status, alone', async () => {
    const plain = world();
    plain.walker.onEvent(created(terms(null)));
    await plain.walker.idle();
    expect(plain.broadcasts).toEqual([]);

    const finished = world('finished');
    finished.walker.onEvent(created(terms('success')));
    await finished.walker.idle();
    expect(finished.broadcasts).toEqual([]);
  });

  it('stops walking when stopped', async () => {
    const { walker, broadcasts } = world();
    walker.onEvent(created(terms('success')));
    await walker.stop();
    walker.onEvent(created(terms('success', 42)));
    await walker.idle();
    expect(broadcasts.length).toBeLessThan(3);
    expect(broadcasts.every((b) => b.target.paymentId !== 42)).toBe(true);
  });
});
