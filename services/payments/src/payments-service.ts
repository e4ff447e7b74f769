import { randomUUID } from 'node:crypto';
import { REPLY_HEADERS, replyTo, type IncomingMessage, type MessageBus, type Subscription } from '@gw/bus';
import type { Cache } from '@gw/cache';
import {
  eventMessageOf,
  eventTypeAmong,
  TOPICS,
  type CommandMessage,
  type DepositMessage,
} from '@gw/contracts';
import { degraded, type Clock } from '@gw/platform';
import type { Service } from '@gw/application';
import type { EventStore, ReadModelStore } from '@gw/store';
import { ReadModelWriter, type StreamHistory } from '@gw/views';
import type { Logger } from 'pino';
import { CommandHandler } from './command-handler';
import { depositToCommand } from './deposit-translator';
import { OutboxRelay } from './outbox-relay';
import { PaymentsMetrics } from './payments-metrics';
import { REPEATED_PAYMENT_EVENT_TYPES, RepeatedPayments } from './repeated-payments';

export interface PaymentsServiceDeps {
  bus: MessageBus;
  eventStore: EventStore;
  readModels: ReadModelStore;
  history: StreamHistory;
  cache: Cache;
  clock: Clock;
  logger: Logger;
}

/**
 * The only writer: consumes `payments.commands` and `chain.deposits`, appends to the event store,
 * writes the appended stream's read-model document, replies on `payments.replies`, and runs the outbox
 * relay that feeds `payments.events`.
 */
export function createPaymentsService({
  bus,
  eventStore,
  readModels,
  history,
  cache,
  clock,
  logger,
}: PaymentsServiceDeps): Service {
  const metrics = new PaymentsMetrics(eventStore, clock);
  const writer = new ReadModelWriter(readModels, history);
  const handler = new CommandHandler(
    eventStore,
    writer,
    (history, appended) => metrics.onAppended(history, appended),
    (streamId, version) => relay.readModelWriting(streamId, version),
  );
  const relay = new OutboxRelay(eventStore, bus, cache, logger.child({ component: 'outbox-relay' }), {
    instanceId: randomUUID(),
    clock,
    beforePublish: (commits) => writer.record(commits.flatMap((commit) => commit.events)),
    onPublished: (commits) => metrics.onPublished(commits),
    onQuarantined: () => metrics.onQuarantined(),
  });
  const repeatedPayments = new RepeatedPayments(handler, eventStore);
  const subscriptions: Subscription[] = [];

  async function onCommand(message: IncomingMessage): Promise<void> {
    const command = message.value as CommandMessage;
    const reply = await handler.handle(command);
    if (!reply.ok) logger.info({ commandId: command.commandId, error: reply.error }, 'command refused');
    if (reply.ok && reply.eventTypes.length > 0) relay.wake();
    if (message.headers[REPLY_HEADERS.replyTo]) await replyTo(bus, TOPICS.replies, message, reply);
  }

  async function onDeposit(message: IncomingMessage): Promise<void> {
    const reply = await handler.handle(depositToCommand(message.value as DepositMessage));
    if (!reply.ok) logger.warn({ deposit: message.value, error: reply.error }, 'deposit refused');
    if (reply.ok && reply.eventTypes.length > 0) relay.wake();
  }

  async function onEvent(message: IncomingMessage): Promise<void> {
    const reply = await repeatedPayments.onEvent(eventMessageOf(message.value));
    if (!reply) return;
    if (!reply.ok) logger.warn({ event: message.value, error: reply.error }, 'repeated payment refused');
    if (reply.ok && reply.eventTypes.length > 0) relay.wake();
  }

  return {
    name: 'payments',
    async start() {
      subscriptions.push(
        await bus.subscribe(
          { topics: [TOPICS.commands], groupId: 'payments', fromBeginning: true },
          onCommand,
        ),
        await bus.subscribe(
          { topics: [TOPICS.deposits], groupId: 'payments.deposits', fromBeginning: true },
          onDeposit,
        ),
        await bus.subscribe(
          {
            topics: [TOPICS.events],
            groupId: 'payments.repeated-payments',
            fromBeginning: true,
            accepts: eventTypeAmong(REPEATED_PAYMENT_EVENT_TYPES),
          },
          onEvent,
        ),
      );
      relay.start();
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
      await relay.stop();
    },
    metrics: metrics.registry,
    readinessChecks: {
      eventStore: async () => {
        await eventStore.unpublishedCommits(1);
      },
      // Degraded, not down: a quarantined commit holds back its own stream only, and failing readiness
      // would take every merchant's traffic off this instance (all of it, embedded), the halt the
      // quarantine exists to avoid. The metric and its alert page an operator.
      outbox: async () => {
        const quarantined = (await eventStore.quarantinedCommits()).length;
        return quarantined > 0 ? degraded({ quarantinedCommits: quarantined }) : undefined;
      },
    },
  };
}
