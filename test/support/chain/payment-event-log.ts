import type { MessageBus, Subscription } from '@gw/bus';
import { TOPICS, type EventMessage } from '@gw/contracts';
import { streamIdOf } from '@gw/domain';

interface Waiter {
  accept: (events: EventMessage[]) => boolean;
  resolve: () => void;
}

/**
 * Every event on `payments.events` as it is published, so a test waits for the event it expects (the
 * watcher saw the transaction, the payment finished) instead of sleeping or polling a read model.
 */
export class PaymentEventLog {
  private readonly events: EventMessage[] = [];
  private waiters: Waiter[] = [];
  private subscription: Subscription | null = null;

  static async start(bus: MessageBus, groupId: string): Promise<PaymentEventLog> {
    const log = new PaymentEventLog();
    log.subscription = await bus.subscribe(
      { topics: [TOPICS.events], groupId, fromBeginning: true },
      async (m) => {
        log.events.push(m.value as EventMessage);
        log.waiters = log.waiters.filter((waiter) => {
          if (!waiter.accept(log.events)) return true;
          waiter.resolve();
          return false;
        });
      },
    );
    return log;
  }

  of(paymentId: number): EventMessage[] {
    const streamId = streamIdOf('payment', paymentId);
    return this.events.filter((event) => event.streamId === streamId);
  }

  typesOf(paymentId: number): string[] {
    return this.of(paymentId).map((event) => event.type);
  }

  /** Resolves with the payment's events once `count` events of `type` were published (default one). */
  async until(paymentId: number, type: string, count = 1): Promise<EventMessage[]> {
    const done = (events: EventMessage[]) =>
      events.filter((e) => e.streamId === streamIdOf('payment', paymentId) && e.type === type).length >=
      count;
    if (!done(this.events)) {
      await new Promise<void>((resolve) => this.waiters.push({ accept: done, resolve }));
    }
    return this.of(paymentId);
  }

  /** Resolves with the first event of any stream (a wallet's, a merchant's) that `accept` takes. */
  async first(accept: (event: EventMessage) => boolean): Promise<EventMessage> {
    const found = () => this.events.find(accept);
    if (!found()) {
      await new Promise<void>((resolve) =>
        this.waiters.push({ accept: (events) => events.some(accept), resolve }),
      );
    }
    return found()!;
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }
}
