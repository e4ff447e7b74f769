import { randomUUID } from 'node:crypto';
import type {
  IncomingMessage,
  MessageBus,
  MessageHandler,
  SubscribeOptions,
  Subscription,
} from '../message-bus';

export interface MessageBusFixture {
  bus: MessageBus;
  cleanup(): Promise<void>;
}

export type MakeMessageBus = () => Promise<MessageBusFixture>;

export interface MessageBusContractOptions {
  /** Longest wait for an expected delivery. Real brokers rebalance in seconds; the default suits the embedded bus. */
  deliveryTimeoutMs?: number;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retries `assertion` until it passes or the deadline is reached, then rethrows its last failure. */
export async function eventually(assertion: () => void, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(5);
    }
  }
}

/**
 * The bus contract's shared state: one bus per suite (real brokers are slow to connect), unique topic
 * and group names per test (a real broker is shared between runs), and every subscription stopped
 * after its test even when the test failed.
 */
export class BusHarness {
  private fixture: MessageBusFixture | undefined;
  private subscriptions: Subscription[] = [];
  private readonly runId = randomUUID().slice(0, 8);
  private counter = 0;

  constructor(
    private readonly makeBus: MakeMessageBus,
    readonly deliveryTimeoutMs: number,
  ) {}

  get bus(): MessageBus {
    if (!this.fixture) throw new Error('the bus fixture is not set up');
    return this.fixture.bus;
  }

  topic(label: string): string {
    return `contract.${label}.${this.runId}.${++this.counter}`;
  }

  group(label: string): string {
    return `contract-${label}-${this.runId}-${++this.counter}`;
  }

  async subscribe(options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    const subscription = await this.bus.subscribe(options, handler);
    this.subscriptions.push(subscription);
    return subscription;
  }

  /** Subscribes a handler that only records what it receives. */
  async collect(options: SubscribeOptions): Promise<IncomingMessage[]> {
    const received: IncomingMessage[] = [];
    await this.subscribe(options, async (message) => {
      received.push(message);
    });
    return received;
  }

  /** Waits until `probe` answers true, for at most the delivery timeout. */
  async until(probe: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + this.deliveryTimeoutMs;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error('condition not reached in time');
      await sleep(5);
    }
  }

  eventually(assertion: () => void): Promise<void> {
    return eventually(assertion, this.deliveryTimeoutMs);
  }

  /** Stops every subscription this test made, as a process shutting down would. */
  async stopAll(): Promise<void> {
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  }

  register(): void {
    beforeAll(async () => {
      this.fixture = await this.makeBus();
    });
    afterEach(() => this.stopAll());
    afterAll(async () => {
      await this.fixture?.cleanup();
      this.fixture = undefined;
    });
  }
}
