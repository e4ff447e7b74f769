import type { PaymentListQuery, V1PaymentSortField } from '@gw/contracts/api/v1';
import type { Filter, FindQuery, Range } from '@gw/store';
import type { PaymentDocument } from '@gw/views';
import { invalidParams } from '@gw/families';

/** Sort fields of the V1 list and the read-model fields behind them (amounts sort by their number twin). */
export const SORT_FIELD_COLUMNS: Record<V1PaymentSortField, keyof PaymentDocument> = {
  payment_id: 'paymentId',
  payment_status: 'status',
  pay_address: 'payAddress',
  price_amount: 'priceAmountValue',
  price_currency: 'priceCurrency',
  pay_amount: 'payAmountValue',
  actually_paid: 'actuallyPaidValue',
  pay_currency: 'payCurrency',
  order_id: 'orderId',
  order_description: 'orderDescription',
  purchase_id: 'purchaseId',
  outcome_amount: 'outcomeAmountValue',
  outcome_currency: 'outcomeCurrency',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_ZONE = /([Zz]|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PaymentPage {
  find: FindQuery;
  limit: number;
  page: number;
}

/**
 * The read-model query of GET /v1/payment/: only the merchant's payments, created_at bounds inclusive
 * (a bare date means the whole UTC day), the chosen sort, and the 0-based page.
 */
export function paymentListFind(merchantId: string, query: PaymentListQuery): PaymentPage {
  const filter: Filter = { merchantId };
  const createdAt: Range = {};
  if (query.dateFrom !== undefined) createdAt.$gte = boundOf('dateFrom', query.dateFrom).toISOString();
  if (query.dateTo !== undefined) {
    const to = boundOf('dateTo', query.dateTo);
    if (DATE_ONLY.test(query.dateTo)) createdAt.$lt = new Date(to.getTime() + DAY_MS).toISOString();
    else createdAt.$lte = to.toISOString();
  }
  if (Object.keys(createdAt).length > 0) filter.createdAt = createdAt;
  if (query.invoiceId !== undefined) filter.invoiceId = query.invoiceId;
  const column = SORT_FIELD_COLUMNS[query.sortBy as V1PaymentSortField] ?? 'createdAt';
  return {
    find: {
      filter,
      sort: [[column, query.orderBy === 'desc' ? -1 : 1]],
      skip: query.page * query.limit,
      limit: query.limit,
    },
    limit: query.limit,
    page: query.page,
  };
}

/** A bound without a zone is UTC, as NOWPayments reads it; an impossible date (2024-02-31) is a 400. */
export function boundOf(field: 'dateFrom' | 'dateTo', text: string): Date {
  const normalized = text.replace(' ', 'T');
  const iso = DATE_ONLY.test(normalized)
    ? `${normalized}T00:00:00.000Z`
    : HAS_ZONE.test(normalized)
      ? normalized
      : `${normalized}Z`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || !isCalendarDate(normalized.slice(0, 10))) {
    throw invalidParams(`${field} must be a date (YYYY-MM-DD) or an ISO 8601 time`);
  }
  return date;
}

function isCalendarDate(yyyyMmDd: string): boolean {
  const [year = NaN, month = NaN, day = NaN] = yyyyMmDd.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const pagesCountOf = (total: number, limit: number): number => Math.ceil(total / limit);
