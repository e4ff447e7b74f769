import { randomUUID } from 'node:crypto';
import { ANY_EVENT, type EventSchema } from '../event-schema';
import type { EventStore, NewEvent } from '../event-store';

export interface EventStoreFixture {
  store: EventStore;
  /**
   * Closes the current store and opens the same data again, as a restart would; with another event
   * schema if given (e.g. ANY_EVENT, to write what an older store would have let in).
   */
  reopen(options?: EventStoreOptions): Promise<EventStore>;
  /** Closes whichever store is current and removes its data. */
  cleanup(): Promise<void>;
}

/** What the contract varies when it opens a store. */
export interface EventStoreOptions {
  eventSchema: EventSchema;
}

/** Called once per test; a fresh, empty store keeps the outbox assertions simple. */
export type MakeEventStore = (options: EventStoreOptions) => Promise<EventStoreFixture>;

/** The contract's view of the fixture: the store in use changes when a test reopens it. */
export class EventStoreHarness {
  private fixture: EventStoreFixture | undefined;
  private current: EventStore | undefined;
  private readonly runId = randomUUID().slice(0, 8);
  private counter = 0;

  /**
   * `eventSchema`: what the store checks appends against. The mechanics are specified with made-up
   * events (ANY_EVENT); the schema check and the quarantine with the real `payments.events` schema.
   */
  constructor(
    private readonly makeStore: MakeEventStore,
    private readonly eventSchema: EventSchema = ANY_EVENT,
  ) {}

  get store(): EventStore {
    if (!this.current) throw new Error('the event store fixture is not set up');
    return this.current;
  }

  async reopen(eventSchema: EventSchema = this.eventSchema): Promise<EventStore> {
    this.current = await this.fixture!.reopen({ eventSchema });
    return this.current;
  }

  streamId(label: string): string {
    return `${label}-${this.runId}-${++this.counter}`;
  }

  register(): void {
    beforeEach(async () => {
      this.fixture = await this.makeStore({ eventSchema: this.eventSchema });
      this.current = this.fixture.store;
    });
    afterEach(async () => {
      await this.fixture?.cleanup();
      this.fixture = undefined;
      this.current = undefined;
    });
  }
}

/** A payment event as the payments service would append it. */
export function paymentEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    eventId: randomUUID(),
    type,
    occurredAt: '2024-05-01T10:00:00.000Z',
    merchantId: 'merchant-1',
    data,
    metadata: { correlationId: randomUUID(), causationId: randomUUID() },
  };
}
