import { dayAfter, firstPaymentFrom, isPaymentIdTerm, listFilter, type PaymentListQuery } from '@gw/application';
import type { Filter, ReadModelCollection } from '@gw/store';
import type { PaymentDocument } from '@gw/views';

// The filters are shared with the exports, in @gw/application.
export {
  FAMILIES,
  listFilter,
  matchesListQuery,
  parsePaymentListQuery,
  type ParsedListQuery,
  type PaymentListQuery,
} from '@gw/application';

export const PAGE_SIZE = 50;

export interface PaymentPage {
  payments: PaymentDocument[];
  /** Cursor of the next older page, or null on the last one. */
  older: number | null;
  /** Cursor of the next newer page, or null on the first one. */
  newer: number | null;
}

export async function listPayments(
  payments: ReadModelCollection<PaymentDocument>,
  merchantId: string,
  query: PaymentListQuery,
  pageSize = PAGE_SIZE,
): Promise<PaymentPage> {
  const forward = query.after === null;
  const filter = listFilter(merchantId, query);
  const endOfRange =
    query.to === null ? null : await firstPaymentFrom(payments, merchantId, dayAfter(query.to));
  if (forward && endOfRange !== null) {
    // Ids grow with creation time, so "created before the day after `to`" is "id below the first one
    // created since": the walk starts there instead of passing every newer payment first.
    filter.paymentId = { $lt: Math.min(query.before ?? Infinity, endOfRange) };
  }
  const found = await payments.find({
    filter,
    sort: [['paymentId', forward ? -1 : 1]],
    limit: pageSize + 1,
  });
  const more = found.length > pageSize;
  const page = found.slice(0, pageSize);
  if (!forward) page.reverse();
  const first = page[0]?.paymentId ?? null;
  const last = page[page.length - 1]?.paymentId ?? null;
  return {
    payments: page,
    older: forward ? (more ? last : null) : last,
    newer: forward ? (query.before === null ? null : first) : more ? first : null,
  };
}

/**
 * One box for an order id, a pay address, a transaction id or a payment id: each is an indexed lookup
 * within the merchant's payments, so a search costs a few index reads whatever the store holds.
 */
export async function searchPayments(
  payments: ReadModelCollection<PaymentDocument>,
  merchantId: string,
  term: string,
  limit = PAGE_SIZE,
): Promise<PaymentDocument[]> {
  const lookups: Filter[] = [
    { merchantId, orderId: term },
    { merchantId, payAddress: term },
    { merchantId, 'deposits.txHash': term },
  ];
  if (isPaymentIdTerm(term)) lookups.push({ merchantId, paymentId: Number(term) });
  const results = await Promise.all(lookups.map((filter) => payments.find({ filter, limit })));
  const byId = new Map(results.flat().map((payment) => [payment.paymentId, payment]));
  return [...byId.values()].sort((a, b) => b.paymentId - a.paymentId).slice(0, limit);
}
