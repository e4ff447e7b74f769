import { isPaymentStatus, type Family, type PaymentStatus } from '@gw/domain';
import type { Filter, ReadModelCollection } from '@gw/store';
import type { PaymentDocument } from '@gw/views';

/**
 * The payment list's filters, shared by the dashboard's list and every export of payments (the
 * dashboard's CSV and the admin API's): the same names, the same checks, the same read-model filter.
 */
export const FAMILIES: readonly Family[] = ['v1', 'alpha', 'beta'];
const CODE = /^[a-z0-9]{2,20}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^[1-9]\d{0,15}$/;
const SEARCH_MAX = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The payment list's filters as the page's form sends them, checked. */
export interface PaymentListQuery {
  status: PaymentStatus | null;
  family: Family | null;
  currency: string | null;
  network: string | null;
  /** Whole UTC days, inclusive. */
  from: string | null;
  to: string | null;
  search: string | null;
  /** Keyset cursors: the page of payments older than `before`, or newer than `after`. */
  before: number | null;
  after: number | null;
}

export interface ParsedListQuery {
  query: PaymentListQuery;
  /** One sentence per refused field; the page shows them and lists nothing. */
  problems: string[];
}

export function parsePaymentListQuery(raw: Record<string, unknown>): ParsedListQuery {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = raw[name];
    if (value === undefined || value === '') return null;
    if (typeof value !== 'string') {
      problems.push(`${name} must be given once`);
      return null;
    }
    return value.trim() === '' ? null : value.trim();
  };
  const checked = <T extends string>(name: string, valid: (value: string) => boolean, hint: string) => {
    const value = text(name);
    if (value !== null && !valid(value)) {
      problems.push(`${name} ${hint}`);
      return null;
    }
    return value as T | null;
  };
  const cursor = (name: string): number | null => {
    const value = checked(name, (v) => CURSOR.test(v), 'must be a payment id');
    return value === null ? null : Number(value);
  };
  const query: PaymentListQuery = {
    status: checked<PaymentStatus>('status', isPaymentStatus, 'is not a payment status'),
    family: checked<Family>(
      'family',
      (v) => (FAMILIES as readonly string[]).includes(v),
      'must be v1, alpha or beta',
    ),
    currency:
      checked('currency', (v) => CODE.test(v.toLowerCase()), 'must be a currency code')?.toLowerCase() ??
      null,
    network:
      checked('network', (v) => CODE.test(v.toLowerCase()), 'must be a network code')?.toLowerCase() ?? null,
    from: checked('from', isDay, 'must be a date (YYYY-MM-DD)'),
    to: checked('to', isDay, 'must be a date (YYYY-MM-DD)'),
    search: checked('q', (v) => v.length <= SEARCH_MAX, `must be at most ${SEARCH_MAX} characters`),
    before: cursor('before'),
    after: cursor('after'),
  };
  if (query.from && query.to && query.from > query.to) problems.push('from must not be after to');
  return { query, problems };
}

const isDay = (value: string): boolean => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * The list's filter: one merchant's payments (every merchant's for the operator's export), then each chosen filter as an equality or a range,
 * so the store walks its (merchantId, paymentId) index from the cursor instead of counting past pages.
 * Payment ids grow with creation time, so "newest first" is "highest id first".
 */
export function listFilter(merchantId: string | null, query: PaymentListQuery): Filter {
  const filter: Filter = merchantId === null ? {} : { merchantId };
  if (query.status) filter.status = query.status;
  if (query.family) filter.family = query.family;
  if (query.currency) filter.payCurrency = query.currency;
  if (query.network) filter.payNetwork = query.network;
  if (query.from || query.to) {
    filter.createdAt = {
      ...(query.from ? { $gte: `${query.from}T00:00:00.000Z` } : {}),
      ...(query.to ? { $lt: dayAfter(query.to) } : {}),
    };
  }
  if (query.before !== null) filter.paymentId = { $lt: query.before };
  else if (query.after !== null) filter.paymentId = { $gt: query.after };
  return filter;
}

/**
 * `listFilter` as a predicate on one payment, for the live list: whether a payment the page has not
 * shown belongs in it. The search matches as `searchPayments` looks up; cursors play no part.
 */
export function matchesListQuery(payment: PaymentDocument, query: PaymentListQuery): boolean {
  if (query.search !== null) {
    const term = query.search;
    return (
      payment.orderId === term ||
      payment.payAddress === term ||
      payment.deposits.some((deposit) => deposit.txHash === term) ||
      (CURSOR.test(term) && payment.paymentId === Number(term))
    );
  }
  if (query.status && payment.status !== query.status) return false;
  if (query.family && payment.family !== query.family) return false;
  if (query.currency && payment.payCurrency !== query.currency) return false;
  if (query.network && payment.payNetwork !== query.network) return false;
  if (query.from && payment.createdAt < `${query.from}T00:00:00.000Z`) return false;
  if (query.to && payment.createdAt >= dayAfter(query.to)) return false;
  return true;
}

/** The id of the merchant's first payment created at or after `createdAt`, from its (merchantId, createdAt) index. */
export async function firstPaymentFrom(
  payments: ReadModelCollection<PaymentDocument>,
  merchantId: string,
  createdAt: string,
): Promise<number | null> {
  const [first] = await payments.find({
    filter: { merchantId, createdAt: { $gte: createdAt } },
    sort: [['createdAt', 1]],
    limit: 1,
  });
  return first?.paymentId ?? null;
}

export const dayAfter = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();

/** Whether a search term can be a payment id. */
export const isPaymentIdTerm = (term: string): boolean => CURSOR.test(term);
