import { InMemoryReadModelStore } from '@gw/store';
import { COLLECTIONS, INDEXES, type PaymentDocument } from '@gw/views';
import {
  listPayments,
  matchesListQuery,
  parsePaymentListQuery,
  searchPayments,
  type PaymentListQuery,
} from '../src/payments/payment-list';

const NO_FILTERS: PaymentListQuery = parsePaymentListQuery({}).query;

function payment(
  paymentId: number,
  merchantId: string,
  extra: Partial<PaymentDocument> = {},
): PaymentDocument {
  return {
    id: String(paymentId),
    version: 1,
    paymentId,
    merchantId,
    status: 'waiting',
    family: 'v1',
    payCurrency: 'btc',
    payNetwork: 'btc',
    uuid: `uuid-${paymentId}`,
    trackId: `track-${paymentId}`,
    payAddress: `addr-${paymentId}`,
    orderId: `order-${paymentId}`,
    createdAt: new Date(Date.UTC(2026, 0, 1) + paymentId * 60_000).toISOString(),
    deposits: [],
    ...extra,
  } as PaymentDocument;
}

async function store(documents: PaymentDocument[]) {
  const payments = new InMemoryReadModelStore().collection<PaymentDocument>(COLLECTIONS.payments);
  await payments.ensureIndexes(INDEXES.payments);
  for (const document of documents) await payments.upsertIfNewer(document);
  return payments;
}

describe('the payment list query', () => {
  it('takes the filters the page sends', () => {
    const { query, problems } = parsePaymentListQuery({
      status: 'finished',
      family: 'beta',
      currency: 'USDTTRC20',
      network: 'trx',
      from: '2026-01-01',
      to: '2026-01-31',
      q: ' order-7 ',
      before: '1234',
    });
    expect(problems).toEqual([]);
    expect(query).toEqual({
      status: 'finished',
      family: 'beta',
      currency: 'usdttrc20',
      network: 'trx',
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'order-7',
      before: 1234,
      after: null,
    });
  });

  it('names every refused field instead of guessing', () => {
    const { problems } = parsePaymentListQuery({
      status: 'paid-ish',
      family: 'gamma',
      from: '2026-02-30x',
      to: '2026-01-01',
      before: '-1',
      currency: ['btc', 'eth'],
    });
    expect(problems).toEqual([
      'status is not a payment status',
      'family must be v1, alpha or beta',
      'currency must be given once',
      'from must be a date (YYYY-MM-DD)',
      'before must be a payment id',
    ]);
  });
});

describe('keyset pages of a merchant’s payments', () => {
  const mine = Array.from({ length: 7 }, (_, i) =>
    payment(100 + i, 'm-a', { status: i % 2 ? 'finished' : 'waiting' }),
  );
  const theirs = Array.from({ length: 5 }, (_, i) => payment(200 + i, 'm-b'));

  it('walks newest first with older and newer cursors, never showing another merchant', async () => {
    const payments = await store([...mine, ...theirs]);
    const first = await listPayments(payments, 'm-a', NO_FILTERS, 3);
    expect(first.payments.map((p) => p.paymentId)).toEqual([106, 105, 104]);
    expect(first).toMatchObject({ older: 104, newer: null });

    const second = await listPayments(payments, 'm-a', { ...NO_FILTERS, before: 104 }, 3);
    expect(second.payments.map((p) => p.paymentId)).toEqual([103, 102, 101]);
    expect(second).toMatchObject({ older: 101, newer: 103 });

    const last = await listPayments(payments, 'm-a', { ...NO_FILTERS, before: 101 }, 3);
    expect(last.payments.map((p) => p.paymentId)).toEqual([100]);
    expect(last).toMatchObject({ older: null, newer: 100 });

    const back = await listPayments(payments, 'm-a', { ...NO_FILTERS, after: 103 }, 3);
    expect(back.payments.map((p) => p.paymentId)).toEqual([106, 105, 104]);
    expect(back).toMatchObject({ older: 104, newer: null });
  });

  it('applies status, family, currency and whole-day date filters', async () => {
    const payments = await store([...mine, payment(110, 'm-a', { family: 'alpha', payCurrency: 'ltc' })]);
    const finished = await listPayments(payments, 'm-a', { ...NO_FILTERS, status: 'finished' });
    expect(finished.payments.map((p) => p.paymentId)).toEqual([105, 103, 101]);
    const alpha = await listPayments(payments, 'm-a', { ...NO_FILTERS, family: 'alpha', currency: 'ltc' });
    expect(alpha.payments.map((p) => p.paymentId)).toEqual([110]);
    const day = new Date(Date.UTC(2026, 0, 1) + 103 * 60_000).toISOString().slice(0, 10);
    const onTheDay = await listPayments(payments, 'm-a', { ...NO_FILTERS, from: day, to: day });
    expect(onTheDay.payments).toHaveLength(8);
    const nextDay = await listPayments(payments, 'm-a', { ...NO_FILTERS, from: '2026-01-02' });
    expect(nextDay.payments).toEqual([]);
  });

  it('searches one merchant by order id, pay address, transaction id or payment id', async () => {
    const paid = payment(120, 'm-a', {
      deposits: [
        { txHash: 'tx-abc', amount: '1', fromAddress: null, confirmations: 1, detectedAt: '2026-01-01' },
      ],
    });
    const payments = await store([...mine, ...theirs, paid]);
    const ids = async (term: string, merchantId = 'm-a') =>
      (await searchPayments(payments, merchantId, term)).map((p) => p.paymentId);
    expect(await ids('order-102')).toEqual([102]);
    expect(await ids('addr-104')).toEqual([104]);
    expect(await ids('tx-abc')).toEqual([120]);
    expect(await ids('105')).toEqual([105]);
    expect(await ids('order-201')).toEqual([]);
    expect(await ids('tx-abc', 'm-b')).toEqual([]);
  });
});

describe('a payment the live list has not shown', () => {
  const payments = [
    payment(1, 'm1', { status: 'finished', family: 'alpha' }),
    payment(2, 'm1', { payCurrency: 'ltc', payNetwork: 'ltc' }),
    payment(3, 'm1', { createdAt: '2026-02-03T12:00:00.000Z' }),
    // Ids grow with creation time, as the list's date filter relies on.
    payment(4, 'm1', {
      createdAt: '2026-02-03T13:00:00.000Z',
      deposits: [{ txHash: 'tx-four' } as PaymentDocument['deposits'][number]],
    }),
  ];
  const queries: Record<string, unknown>[] = [
    {},
    { status: 'finished' },
    { family: 'alpha' },
    { currency: 'LTC' },
    { network: 'ltc' },
    { from: '2026-02-03' },
    { to: '2026-02-02' },
    { from: '2026-02-03', to: '2026-02-03' },
    { q: 'order-2' },
    { q: 'addr-3' },
    { q: 'tx-four' },
    { q: '1' },
  ];

  it.each(queries)('belongs in the list exactly when the list would show it: %j', async (raw) => {
    const { query } = parsePaymentListQuery(raw);
    const collection = await store(payments);
    const listed =
      query.search === null
        ? (await listPayments(collection, 'm1', query)).payments
        : await searchPayments(collection, 'm1', query.search);
    const matching = payments.filter((each) => matchesListQuery(each, query));
    expect(matching.map((each) => each.paymentId).sort()).toEqual(
      listed.map((each) => each.paymentId).sort(),
    );
  });
});
