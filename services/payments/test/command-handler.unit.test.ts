import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CommandMessage } from '@gw/contracts';
import { streamIdOf, type AnyCommand } from '@gw/domain';
import { SAMPLE_CREATED_AT, samplePaymentTerms } from '@gw/domain/testing';
import { InMemoryReadModelStore, JsonlEventStore } from '@gw/store';
import { COLLECTIONS, ReadModelWriter, ReadModelStreamHistory, type PaymentDocument } from '@gw/views';
import { CommandHandler } from '../src/command-handler';

describe('CommandHandler', () => {
  let directory: string;
  let store: JsonlEventStore;
  let streamReads: string[];
  let handler: CommandHandler;
  let readModels: InMemoryReadModelStore;
  const terms = samplePaymentTerms();
  const streamId = streamIdOf('payment', terms.paymentId);
  const metadata = { now: SAMPLE_CREATED_AT, correlationId: 'corr-1', causationId: 'corr-1' };

  const message = (commandId: string, command: AnyCommand): CommandMessage => ({
    commandId,
    streamId,
    merchantId: terms.merchantId,
    command,
  });
  const create = (commandId: string) =>
    message(commandId, { type: 'CreatePayment', data: terms, metadata } as AnyCommand);
  const payment = () =>
    readModels.collection<PaymentDocument>(COLLECTIONS.payments).get(String(terms.paymentId));
  const deposit = (commandId: string, confirmations: number) =>
    message(commandId, {
      type: 'RecordDeposit',
      data: { txHash: 'tx-1', amount: terms.payAmount, fromAddress: 'bc1qsender', confirmations },
      metadata,
    } as AnyCommand);
  const fail = (commandId: string) =>
    message(commandId, { type: 'FailPayment', data: { reason: 'test' }, metadata } as AnyCommand);

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'command-handler-'));
    store = await JsonlEventStore.open({ directory });
    streamReads = [];
    const readStream = store.readStream.bind(store);
    store.readStream = async (id) => {
      streamReads.push(id);
      return readStream(id);
    };
    readModels = new InMemoryReadModelStore();
    handler = new CommandHandler(store, new ReadModelWriter(readModels));
  });

  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('creates a new stream without reading it first', async () => {
    const reply = await handler.handle(create('cmd-1'));

    expect(reply).toEqual({
      ok: true,
      commandId: 'cmd-1',
      streamId,
      version: 1,
      eventTypes: ['PaymentCreated'],
    });
    expect(streamReads).toEqual([]);
    expect((await store.readStream(streamId)).map((event) => event.metadata.causationId)).toEqual(['cmd-1']);
  });

  it('answers a redelivered create from the stream, appending nothing', async () => {
    await handler.handle(create('cmd-1'));
    const again = await handler.handle(create('cmd-1'));

    expect(again).toEqual({
      ok: true,
      commandId: 'cmd-1',
      streamId,
      version: 1,
      eventTypes: ['PaymentCreated'],
    });
    expect(streamReads).toEqual([streamId]);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('refuses a second create of an existing stream as reading first would', async () => {
    await handler.handle(create('cmd-1'));
    const second = await handler.handle(create('cmd-2'));

    expect(second).toMatchObject({ ok: false, commandId: 'cmd-2', error: { code: expect.any(String) } });
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('lets exactly one of two concurrent creates of one stream in', async () => {
    const replies = await Promise.all([handler.handle(create('cmd-1')), handler.handle(create('cmd-2'))]);

    expect(replies.filter((reply) => reply.ok)).toHaveLength(1);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('refuses a command whose events the event schema refuses, storing nothing', async () => {
    const plan = {
      planId: 7,
      merchantId: terms.merchantId,
      title: 'Pro',
      amount: '10',
      currency: 'usd',
      intervalDay: 30,
      successUrl: null,
      cancelUrl: null,
      partiallyPaidUrl: null,
      ipnCallbackUrl: null,
      createdAt: 'not a timestamp',
    };
    const planStream = streamIdOf('plan', 7);

    const reply = await handler.handle({
      commandId: 'cmd-plan',
      streamId: planStream,
      merchantId: terms.merchantId,
      command: { type: 'CreateSubscriptionPlan', data: plan, metadata } as AnyCommand,
    });

    expect(reply).toEqual({
      ok: false,
      commandId: 'cmd-plan',
      streamId: planStream,
      error: {
        code: 'EVENT_SCHEMA_VIOLATION',
        message: expect.stringMatching(
          /SubscriptionPlanCreated.*\/data\/createdAt must match format "date-time"/,
        ),
      },
    });
    expect(await store.readStream(planStream)).toEqual([]);
    expect(await store.unpublishedCommits(10)).toEqual([]);
  });

  it('tells its hook when an append and its document write begin and end, and whether it wrote', async () => {
    const heard: string[] = [];
    const hooked = new CommandHandler(store, new ReadModelWriter(readModels), undefined, (id, version) => {
      heard.push(`begin ${id} ${version}`);
      const documentVersion = () =>
        readModels.collection(COLLECTIONS.payments).versionKnown?.(String(terms.paymentId));
      return (written) => heard.push(`end ${written}, document at ${documentVersion()}`);
    });
    await hooked.handle(create('cmd-1'));
    // A second create of the stream: tried as new, the append collides, then refused from the stream.
    await hooked.handle(create('cmd-2'));
    await hooked.handle(deposit('cmd-3', 0));

    expect(heard).toEqual([
      `begin ${streamId} 1`,
      'end true, document at 1',
      `begin ${streamId} 1`,
      'end false, document at 1',
      // The deposit appends two events.
      `begin ${streamId} 3`,
      'end true, document at 3',
    ]);
    expect(await payment()).toMatchObject({ version: 3 });
  });

  it('reads the stream for a command an empty stream refuses', async () => {
    const refused = await handler.handle(fail('cmd-1'));
    expect(refused).toMatchObject({ ok: false, error: { code: expect.any(String) } });
    expect(streamReads).toEqual([streamId]);

    await handler.handle(create('cmd-2'));
    streamReads = [];
    const failed = await handler.handle(fail('cmd-3'));
    expect(failed).toMatchObject({ ok: true, version: 2 });
    expect(streamReads).toEqual([streamId]);
  });

  describe('read-your-writes', () => {
    it('writes the payment document before it answers a create', async () => {
      const reply = await handler.handle(create('cmd-1'));

      expect(reply).toMatchObject({ ok: true, version: 1 });
      expect(await payment()).toMatchObject({ version: 1, status: 'waiting', payAddress: terms.payAddress });
    });

    it('folds the events whose document was never written when it writes a later one', async () => {
      await handler.handle(create('cmd-1'));
      // Another payments instance appended the deposit and died before writing the document.
      const lagging = new CommandHandler(store, {
        write: async () => false,
        record: async () => undefined,
      });
      await lagging.handle(deposit('cmd-2', 0));
      expect(await payment()).toMatchObject({ version: 1, actuallyPaidValue: 0 });

      const reply = await handler.handle(deposit('cmd-3', 1));

      expect(reply).toMatchObject({ ok: true, version: 4 });
      expect(await payment()).toMatchObject({
        version: reply.ok ? reply.version : -1,
        actuallyPaidValue: Number(terms.payAmount),
        payinHash: 'tx-1',
        confirmations: 1,
      });
    });

    it('writes the document when it answers a redelivered command from the stream', async () => {
      await new CommandHandler(store, { write: async () => false, record: async () => undefined }).handle(
        create('cmd-1'),
      );

      await handler.handle(create('cmd-1'));

      expect(await payment()).toMatchObject({ version: 1, status: 'waiting' });
    });

    it('records the events it appends in the history before it answers', async () => {
      await handler.handle(create('cmd-1'));
      const reply = await handler.handle(deposit('cmd-2', 0));

      const history = await new ReadModelStreamHistory(readModels).events(streamId);
      expect(reply).toMatchObject({ ok: true, version: history.length });
      expect(history.map((event) => [event.version, event.type, event.metadata.causationId])).toEqual([
        [1, 'PaymentCreated', 'cmd-1'],
        ...history.slice(1).map((event) => [event.version, event.type, 'cmd-2']),
      ]);
      expect(history.slice(1).map((event) => event.type)).toContain('DepositDetected');
    });

    it('records the whole stream when it answers a redelivered command from it', async () => {
      await new CommandHandler(store, { write: async () => false, record: async () => undefined }).handle(
        create('cmd-1'),
      );

      await handler.handle(create('cmd-1'));

      const history = await new ReadModelStreamHistory(readModels).events(streamId);
      expect(history.map((event) => [event.version, event.type])).toEqual([[1, 'PaymentCreated']]);
    });
  });
});
