import { randomUUID } from 'node:crypto';
import type { ReadModelCollection, ReadModelDocument, ReadModelStore } from '../read-models';

export interface ReadModelStoreFixture {
  store: ReadModelStore;
  cleanup(): Promise<void>;
}

export type MakeReadModelStore = () => Promise<ReadModelStoreFixture>;

/** A payment as the projector writes it; fields are optional to exercise missing values. */
export interface PaymentView extends ReadModelDocument {
  merchantId: string;
  status: string;
  amount?: number | string | null;
  payCurrency?: string;
  createdAt: string;
  orderId?: string | null;
  paid?: boolean;
  customer?: { email?: string; country?: string };
}

/** Seven payments with mixed, null and missing values, enough to pin down every filter and sort rule. */
export const PAYMENTS: PaymentView[] = [
  {
    id: 'p1',
    version: 1,
    merchantId: 'm1',
    status: 'waiting',
    amount: 10,
    payCurrency: 'btc',
    createdAt: '2024-01-01T00:00:00Z',
    paid: false,
    customer: { email: 'a@example.com', country: 'DE' },
  },
  {
    id: 'p2',
    version: 1,
    merchantId: 'm1',
    status: 'finished',
    amount: 25.5,
    payCurrency: 'eth',
    createdAt: '2024-01-02T00:00:00Z',
    paid: true,
    customer: { email: 'b@example.com', country: 'FR' },
  },
  {
    id: 'p3',
    version: 1,
    merchantId: 'm2',
    status: 'waiting',
    amount: 5,
    payCurrency: 'btc',
    createdAt: '2024-01-03T00:00:00Z',
    orderId: null,
  },
  {
    id: 'p4',
    version: 1,
    merchantId: 'm1',
    status: 'expired',
    amount: 100,
    createdAt: '2024-01-04T00:00:00Z',
    orderId: 'o-4',
    customer: { country: 'DE' },
  },
  {
    id: 'p5',
    version: 1,
    merchantId: 'm2',
    status: 'partially_paid',
    amount: '7.5',
    payCurrency: 'ltc',
    createdAt: '2024-01-05T00:00:00Z',
    orderId: 'o-5',
  },
  {
    id: 'p6',
    version: 1,
    merchantId: 'm1',
    status: 'waiting',
    amount: null,
    payCurrency: 'btc',
    createdAt: '2024-01-06T00:00:00Z',
    orderId: 'o-6',
  },
  {
    id: 'p7',
    version: 1,
    merchantId: 'm3',
    status: 'waiting',
    payCurrency: 'eth',
    createdAt: '2024-01-07T00:00:00Z',
  },
];

export const idsOf = (documents: ReadModelDocument[]) => documents.map((document) => document.id);

/** One store per suite; every test works in collections of its own, so a shared database is fine. */
export class ReadModelHarness {
  private fixture: ReadModelStoreFixture | undefined;
  private readonly runId = randomUUID().slice(0, 8);
  private counter = 0;

  constructor(private readonly makeStore: MakeReadModelStore) {}

  get store(): ReadModelStore {
    if (!this.fixture) throw new Error('the read-model fixture is not set up');
    return this.fixture.store;
  }

  collection<T extends ReadModelDocument>(label: string): ReadModelCollection<T> {
    return this.store.collection<T>(`contract_${label}_${this.runId}_${++this.counter}`);
  }

  async seededPayments(): Promise<ReadModelCollection<PaymentView>> {
    const payments = this.collection<PaymentView>('payments');
    for (const payment of PAYMENTS) await payments.upsertIfNewer(payment);
    return payments;
  }

  register(): void {
    beforeAll(async () => {
      this.fixture = await this.makeStore();
    });
    afterAll(async () => {
      await this.fixture?.cleanup();
      this.fixture = undefined;
    });
  }
}
