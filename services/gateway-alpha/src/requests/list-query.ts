import { ALPHA_PER_PAGE, type AlphaFieldErrors, type AlphaPaymentListInput } from '@gw/contracts/api/alpha';
import type { FindQuery, Range } from '@gw/store';

export interface AlphaListQuery {
  /** 1-based. */
  page: number;
  createdFrom: string | null;
  createdTo: string | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: AlphaFieldErrors };

const MAX_PAGE = 1_000_000;

/**
 * Cursors are opaque to clients but only carry a page number; older SDKs send a bare page number in
 * the body ("1" is the first page), which is accepted too. The query string's cursor wins.
 */
export const encodeCursor = (page: number): string =>
  Buffer.from(JSON.stringify({ page }), 'utf8').toString('base64url');

export function decodeCursor(cursor: string | number | null | undefined): number | null {
  if (cursor === null || cursor === undefined || cursor === '') return 1;
  const text = String(cursor).trim();
  if (/^\d{1,7}$/.test(text)) return pageOrNull(Number(text));
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { page?: unknown };
    return typeof decoded.page === 'number' ? pageOrNull(decoded.page) : null;
  } catch {
    return null;
  }
}

const pageOrNull = (page: number): number | null =>
  Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : null;

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?$/;

/**
 * A bound as upstream writes it ("YYYY-MM-DD H:mm:ss", read as UTC) or ISO 8601 with an offset.
 * An upper bound covers the whole unit it names: "2025-01-31" ends at 23:59:59.999.
 */
export function parseDateBound(text: string, bound: 'from' | 'to'): Date | null {
  const naive = NAIVE.exec(text);
  if (naive) {
    const [, year, month, day, hour, minute, second, fraction] = naive.map((part) => part ?? null);
    const date = new Date(
      Date.UTC(
        Number(year),
        Number(month) - 1,
        Number(day),
        Number(hour ?? 0),
        Number(minute ?? 0),
        Number(second ?? 0),
        fraction ? Math.floor(Number(fraction) * 1000) : 0,
      ),
    );
    if (
      date.getUTCFullYear() !== Number(year) ||
      date.getUTCMonth() !== Number(month) - 1 ||
      date.getUTCDate() !== Number(day)
    )
      return null;
    if (Number(hour ?? 0) > 23 || Number(minute ?? 0) > 59 || Number(second ?? 0) > 59) return null;
    if (bound === 'from' || fraction) return date;
    const span = hour === null ? 86_400_000 : second === null ? 60_000 : 1_000;
    return new Date(date.getTime() + span - 1);
  }
  const millis = Date.parse(text);
  return Number.isNaN(millis) ? null : new Date(millis);
}

export function parseListQuery(
  body: AlphaPaymentListInput,
  queryCursor: string | undefined,
): Parsed<AlphaListQuery> {
  const errors: AlphaFieldErrors = {};
  const page = decodeCursor(queryCursor ?? body.cursor);
  if (page === null) errors.cursor = ['validation.invalid'];
  const from = body.date_from ? parseDateBound(body.date_from, 'from') : null;
  const to = body.date_to ? parseDateBound(body.date_to, 'to') : null;
  if (body.date_from && !from) errors.date_from = ['validation.date'];
  if (body.date_to && !to) errors.date_to = ['validation.date'];
  if (from && to && to < from) errors.date_to = ['validation.after_or_equal'];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      page: page ?? 1,
      createdFrom: from?.toISOString() ?? null,
      createdTo: to?.toISOString() ?? null,
    },
  };
}

/** One extra row is read to learn whether a next page exists. */
export function toFindQuery(merchantId: string, query: AlphaListQuery): FindQuery {
  const createdAt: Range = {};
  if (query.createdFrom) createdAt.$gte = query.createdFrom;
  if (query.createdTo) createdAt.$lte = query.createdTo;
  return {
    filter: { merchantId, ...(Object.keys(createdAt).length > 0 ? { createdAt } : {}) },
    sort: [['createdAt', -1]],
    skip: (query.page - 1) * ALPHA_PER_PAGE,
    limit: ALPHA_PER_PAGE + 1,
  };
}

export interface Paginate {
  count: number;
  hasPages: boolean;
  nextCursor: string | null;
  previousCursor: string | null;
  perPage: number;
}

export function paginateOf(page: number, rowsRead: number): Paginate {
  const hasMore = rowsRead > ALPHA_PER_PAGE;
  return {
    count: Math.min(rowsRead, ALPHA_PER_PAGE),
    hasPages: page > 1 || hasMore,
    nextCursor: hasMore ? encodeCursor(page + 1) : null,
    previousCursor: page > 1 ? encodeCursor(page - 1) : null,
    perPage: ALPHA_PER_PAGE,
  };
}
