import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DepositMessage, EventMessage } from '@gw/contracts';
import { streamIdOf, type AnyCommand, type PaymentTerms } from '@gw/domain';
import { SAMPLE_CREATED_AT, paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import { InMemoryReadModelStore, JsonlEventStore, type StoredEvent } from '@gw/store';
import { ReadModelWriter } from '@gw/views';
import { CommandHandler } from '../src/command-handler';
import { depositToCommand } from '../src/deposit-translator';
import { RepeatedPayments } from '../src/repeated-payments';

describe('RepeatedPayments (V1 money after the payment was done)', () => {
  let directory: string;
  let store: JsonlEventStore;
  let handler: CommandHandler;
  let repeated: RepeatedPayments;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'repeated-payments-'));
    store = await JsonlEventStore.open({ directory });
    handler = new CommandHandler(store, new ReadModelWriter(new InMemoryReadModelStore()));
    repeated = new RepeatedPayments(handler, store);
  });

  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  async function finishedPayment(terms: PaymentTerms): Promise<void> {
    const metadata = { now: SAMPLE_CREATED_AT, correlationId: 'c', causationId: 'c' };
    for (const [i, event] of paidLifecycle(terms).entries()) {
      await store.append(streamIdOf('payment', terms.paymentId), i, [
        {
          eventId: `e${i}`,
          type: event.type,
          occurredAt: SAMPLE_CREATED_AT,
          merchantId: terms.merchantId,
          data: event.data as never,
          metadata,
        },
      ]);
    }
  }

  const observation = (terms: PaymentTerms, confirmations: number): DepositMessage => ({
    payAddress: terms.payAddress,
    network: terms.payNetwork,
    paymentId: terms.paymentId,
    merchantId: terms.merchantId,
    txHash: 'tx-second',
    amount: terms.payAmount,
    fromAddress: 'bc1qbuyer',
    confirmations,
    observedAt: confirmations === 0 ? '2026-01-02T10:00:00.000Z' : '2026-01-02T10:30:00.000Z',
  });

  async function eventsAfter(streamId: string, fromVersion: number): Promise<StoredEvent[]> {
    return (await store.readStream(streamId)).filter((e) => e.version > fromVersion);
  }

  const asMessage = (stored: StoredEvent): EventMessage => ({
    ...stored,
    type: stored.type as EventMessage['type'],
  });

  it('opens a child payment for a second full deposit, passes its confirmations on, and does each once', async () => {
    const terms = samplePaymentTerms();
    const parentStream = streamIdOf('payment', terms.paymentId);
    await finishedPayment(terms);

    const seen = depositToCommand(observation(terms, 0));
    expect((await handler.handle(seen)).ok).toBe(true);
    expect((await handler.handle(seen)).ok).toBe(true);
    const [late] = await eventsAfter(parentStream, 7);
    expect(late).toMatchObject({ type: 'LateDepositReceived', version: 8 });
    expect(await eventsAfter(parentStream, 8)).toEqual([]);
    const childId = (seen.command as Extract<AnyCommand, { type: 'RecordDeposit' }>).data.repeatedPayment!
      .paymentId;
    const childStream = streamIdOf('payment', childId);

    await repeated.onEvent(asMessage(late!));
    await repeated.onEvent(asMessage(late!));
    const child = await store.readStream(childStream);
    expect(child.map((e) => e.type)).toEqual(['PaymentCreated', 'DepositDetected', 'PaymentConfirming']);
    expect(child[0]!.data).toMatchObject({
      parentPaymentId: terms.paymentId,
      payAmount: terms.payAmount,
      payAddress: terms.payAddress,
    });

    await handler.handle(depositToCommand(observation(terms, 2)));
    const [confirmed] = await eventsAfter(parentStream, 8);
    expect(confirmed).toMatchObject({
      type: 'LateDepositConfirmationsUpdated',
      data: { repeatedPaymentId: childId },
    });
    await repeated.onEvent(asMessage(confirmed!));
    await repeated.onEvent(asMessage(confirmed!));
    expect((await eventsAfter(childStream, 3)).map((e) => e.type)).toEqual([
      'DepositConfirmationsUpdated',
      'PaymentConfirmed',
    ]);

    const parent = await store.readStream(parentStream);
    expect(parent.filter((e) => e.type === 'DepositDetected')).toHaveLength(1);
  });

  it('opens nothing for families that keep late money on the payment', async () => {
    const terms = samplePaymentTerms({ family: 'beta' });
    await finishedPayment(terms);
    await handler.handle(depositToCommand(observation(terms, 0)));
    const [late] = await eventsAfter(streamIdOf('payment', terms.paymentId), 7);
    expect(late).toMatchObject({ type: 'LateDepositReceived', data: { repeatedPayment: null } });
    expect(await repeated.onEvent(asMessage(late!))).toBeNull();
  });
});
