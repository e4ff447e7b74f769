import { loadConfig } from '@gw/platform';
import { Projector } from '@gw/service-projector';
import { MongoReadModelStore, type FindQuery, type IndexSpec } from '@gw/store';
import { dropMongoDatabase, insertRawDocuments, randomDatabaseName } from '@gw/store/testing';
import { COLLECTIONS, type CollectionName } from '@gw/views';

/**
 * Every read-model query an API path issues (gateways, checkout, the sandbox chain, the notifier's family
 * A lookups, the scheduler's expiry scan), with the index that serves it. On MongoDB the winning plan must
 * not be a collection scan. FerretDB 1.24 (on PostgreSQL) pushes an equality filter down as
 * `_jsonb->'k' @> value`, which its own btree indexes cannot serve; scripts/infra gives each of them a GIN
 * companion that can (infra/postgres/ferretdb-gin-companions.sql), so on FerretDB the plan must use an
 * index too, once the collection holds enough documents for PostgreSQL to prefer one to a scan.
 */
const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;

const m = 'merchant-1';
const range = { $gte: '2026-01-01T00:00:00.000Z', $lte: '2026-01-31T23:59:59.999Z' };
type ApiQuery = [where: string, collection: CollectionName, query: FindQuery, index: IndexSpec['fields']];

const QUERIES: ApiQuery[] = [
  // gateway-v1
  [
    'v1 GET /payment/ (list-query.ts)',
    COLLECTIONS.payments,
    { filter: { merchantId: m, createdAt: range }, sort: [['createdAt', -1]], skip: 20, limit: 10 },
    [
      ['merchantId', 1],
      ['createdAt', 1],
    ],
  ],
  [
    'v1 GET /payment/?invoiceId= sorted by another column',
    COLLECTIONS.payments,
    { filter: { merchantId: m, invoiceId: '5555' }, sort: [['payAmountValue', 1]], limit: 10 },
    [
      ['merchantId', 1],
      ['invoiceId', 1],
    ],
  ],
  [
    'v1 GET /payment/:id',
    COLLECTIONS.payments,
    { filter: { paymentId: 5077125051, merchantId: m }, limit: 1 },
    [['paymentId', 1]],
  ],
  [
    'v1 GET /invoice/:id/payment, checkout latest payment of an invoice',
    COLLECTIONS.payments,
    { filter: { merchantId: m, invoiceId: '5555' }, sort: [['createdAt', -1]], limit: 1 },
    [
      ['merchantId', 1],
      ['invoiceId', 1],
    ],
  ],
  [
    'v1 GET /subscriptions/plans',
    COLLECTIONS.plans,
    { filter: { merchantId: m }, sort: [['createdAt', 1]], skip: 0, limit: 10 },
    [
      ['merchantId', 1],
      ['createdAt', 1],
    ],
  ],
  [
    'v1 GET /subscriptions',
    COLLECTIONS.subscriptions,
    { filter: { merchantId: m }, sort: [['createdAt', 1]], skip: 0, limit: 10 },
    [
      ['merchantId', 1],
      ['createdAt', 1],
    ],
  ],
  // gateway-alpha
  [
    'alpha payment/info by uuid, checkout /pay/<uuid>',
    COLLECTIONS.payments,
    { filter: { uuid: 'b1f0e8f2-0000-4000-8000-000000000001' }, limit: 1 },
    [['uuid', 1]],
  ],
  [
    'alpha payment/info by order_id',
    COLLECTIONS.payments,
    { filter: { merchantId: m, orderId: 'A-1' }, sort: [['paymentId', -1]], limit: 1 },
    [
      ['merchantId', 1],
      ['orderId', 1],
      ['paymentId', 1],
    ],
  ],
  [
    'alpha latest family A payment of an order',
    COLLECTIONS.payments,
    { filter: { merchantId: m, orderId: 'A-1', family: 'alpha' }, sort: [['paymentId', -1]], limit: 1 },
    [
      ['merchantId', 1],
      ['orderId', 1],
      ['paymentId', 1],
    ],
  ],
  [
    'alpha payment/list',
    COLLECTIONS.payments,
    { filter: { merchantId: m, createdAt: range }, sort: [['createdAt', -1]], skip: 15, limit: 16 },
    [
      ['merchantId', 1],
      ['createdAt', 1],
    ],
  ],
  // gateway-beta
  [
    'beta GET /payment with filters, sorted by amount',
    COLLECTIONS.payments,
    {
      filter: {
        merchantId: m,
        family: { $in: ['beta'] },
        status: { $in: ['waiting', 'confirming'] },
        createdAt: range,
      },
      sort: [
        ['priceAmountValue', -1],
        ['createdAt', -1],
      ],
      skip: 0,
      limit: 10,
    },
    [
      ['merchantId', 1],
      ['createdAt', 1],
    ],
  ],
  [
    'beta GET /payment?track_id=',
    COLLECTIONS.payments,
    { filter: { merchantId: m, trackId: '123456' }, sort: [['createdAt', -1]], limit: 10 },
    [['trackId', 1]],
  ],
  // authentication (runtime merchant directory, behind every family)
  [
    'API key lookup',
    COLLECTIONS.merchants,
    { filter: { apiKeyHash: 'ab12' }, limit: 1 },
    [['apiKeyHash', 1]],
  ],
  [
    'family B merchant key lookup',
    COLLECTIONS.merchants,
    { filter: { betaApiKeyHash: 'ab12' }, limit: 1 },
    [['betaApiKeyHash', 1]],
  ],
  // sandbox chain and scheduler
  [
    'sandbox deposit by pay address',
    COLLECTIONS.payments,
    { filter: { payAddress: 'bc1qaddress' }, limit: 1 },
    [['payAddress', 1]],
  ],
  [
    'chain watcher: the payments of a network in the late-deposit window (watched-payments.ts)',
    COLLECTIONS.payments,
    {
      filter: { payNetwork: 'btc', parentPaymentId: null, expiresAt: { $gt: '2026-01-02T00:00:00.000Z' } },
      sort: [['expiresAt', 1]],
    },
    [
      ['payNetwork', 1],
      ['expiresAt', 1],
    ],
  ],
  [
    'chain watcher poll: the pending refunds of a network (watched-payments.ts)',
    COLLECTIONS.payments,
    { filter: { payNetwork: 'btc', refundPending: true } },
    [
      ['payNetwork', 1],
      ['refundPending', 1],
    ],
  ],
  [
    'chain watcher full load: the pending refunds of a network, documents from before the flag included',
    COLLECTIONS.payments,
    { filter: { payNetwork: 'btc', 'refund.pendingSince': { $gt: '' } }, sort: [['refund.pendingSince', 1]] },
    [
      ['payNetwork', 1],
      ['refund.pendingSince', 1],
    ],
  ],
  [
    'chain watcher poll between full loads: the payments of a network created in one minute (watched-payment-set.ts)',
    COLLECTIONS.payments,
    { filter: { payNetwork: 'btc', createdMinute: '2026-01-02T00:00', parentPaymentId: null } },
    [
      ['payNetwork', 1],
      ['createdMinute', 1],
    ],
  ],
  [
    'scheduler expiry pass: the payments due in one minute (payment-expiry.ts)',
    COLLECTIONS.payments,
    {
      filter: {
        expiryMinute: '2026-01-02T00:00',
        status: 'waiting',
        expiresAt: { $lte: '2026-01-02T00:00:05.000Z' },
      },
      sort: [['expiresAt', 1]],
      limit: 100,
    },
    [
      ['expiryMinute', 1],
      ['expiresAt', 1],
    ],
  ],
  [
    'chain watcher poll between full loads: the static addresses of a network opened in one minute',
    COLLECTIONS.staticAddresses,
    { filter: { network: 'btc', createdMinute: '2026-01-02T00:00' } },
    [
      ['network', 1],
      ['createdMinute', 1],
    ],
  ],
  [
    'scheduler expiry sweep, every ten minutes',
    COLLECTIONS.payments,
    {
      filter: { status: 'waiting', expiresAt: { $lte: '2026-01-02T00:00:00.000Z' } },
      sort: [['expiresAt', 1]],
      limit: 100,
    },
    [
      ['status', 1],
      ['expiresAt', 1],
    ],
  ],
];

/**
 * Documents of other merchants, orders, keys and networks, so that every query above matches few of
 * what a collection holds, as in production.
 */
const OTHER_DOCUMENTS = Array.from({ length: 3_000 }, (_, i) => ({
  _id: `other-${i}`,
  id: `other-${i}`,
  version: 1,
  merchantId: `merchant-other-${i % 50}`,
  paymentId: 9_000_000_000 + i,
  uuid: `other-uuid-${i}`,
  trackId: `other-track-${i}`,
  orderId: `other-order-${i}`,
  invoiceId: `other-invoice-${i}`,
  family: 'v1',
  status: 'finished',
  payNetwork: 'eth',
  network: 'eth',
  staticAddressId: 8_000_000_000 + i,
  payAddress: `other-address-${i}`,
  parentPaymentId: null,
  apiKeyHash: `other-key-${i}`,
  betaApiKeyHash: `other-beta-key-${i}`,
  createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  expiresAt: new Date(Date.UTC(2025, 0, 2) + i * 60_000).toISOString(),
}));

describe('read-model indexes behind the API queries', () => {
  const database = randomDatabaseName('indexes');
  let store: MongoReadModelStore;

  beforeAll(async () => {
    store = await MongoReadModelStore.open({ url, database });
    await new Projector(store).ensureIndexes();
    const collections = new Set<string>([
      ...QUERIES.map(([, collection]) => collection),
      COLLECTIONS.invoices,
    ]);
    for (const collection of collections) {
      await insertRawDocuments(url, database, collection, OTHER_DOCUMENTS);
    }
  });

  afterAll(async () => {
    await store.close();
    await dropMongoDatabase(url, database);
  });

  it.each(QUERIES)('%s is served by an index', async (_where, collection, query, index) => {
    const equalityFields = Object.entries(query.filter)
      .filter(([, condition]) => typeof condition !== 'object' || condition === null || '$in' in condition)
      .map(([field]) => field);
    expect(equalityFields).toContain(index[0]![0]);
    expect((await store.indexesOf(collection)).map((declared) => declared.fields)).toContainEqual(index);

    const plan = await store.explain(collection, query);

    if (plan.engine === 'ferretdb') expect(plan.filterPushdown).toBe(true);
    expect(plan.collectionScan).toBe(false);
    expect(plan.indexes.length).toBeGreaterThan(0);
  });

  it('reads a document by id (get: V1 invoice lookups, merchants, payments) through _id, which FerretDB pushes down as well', async () => {
    // get(id) filters on `_id`, a field the port's filters never name; explain it all the same.
    const plan = await store.explain(COLLECTIONS.invoices, { filter: { _id: '5555' } });

    if (plan.engine === 'ferretdb') expect(plan.filterPushdown).toBe(true);
    expect(plan.collectionScan).toBe(false);
  });
});
