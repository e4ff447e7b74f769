import { BETA_PAGE_SIZE, type BetaPaymentListInput } from '@gw/contracts/api/beta';
import type { RatesService } from '@gw/pricing';
import type { Filter, FindQuery, Range, SortDirection } from '@gw/store';
import { isPaymentKind } from '@gw/domain';
import { codesForSymbol, networkCodesFor, statusesFor } from '@gw/families';

export interface BetaListQuery {
  find: FindQuery & { filter: Filter };
  page: number;
  size: number;
}

const SORT_FIELDS: Record<string, string> = {
  create_date: 'createdAt',
  pay_date: 'paidAt',
  amount: 'priceAmountValue',
};

const isoOfSeconds = (seconds: number, endOfSecond: boolean): string =>
  new Date(seconds * 1000 + (endOfSecond ? 999 : 0)).toISOString();

/** GET /beta/v1/payment query (schema-checked) → a read-model query scoped to the merchant. */
export function toListQuery(
  merchantId: string,
  input: BetaPaymentListInput,
  rates: RatesService,
): BetaListQuery {
  const filter: Filter = { merchantId };
  if (input.track_id) filter.trackId = input.track_id.trim();
  if (input.type) Object.assign(filter, kindConditions(input.type));
  if (input.status) Object.assign(filter, statusConditions(input.status));
  if (input.pay_currency) filter.payCurrency = { $in: codesForSymbol(rates, input.pay_currency) };
  if (input.currency) filter.priceCurrency = { $in: codesForSymbol(rates, input.currency) };
  if (input.network) filter.payNetwork = { $in: networkCodesFor(rates, input.network) };
  if (input.address) filter.payAddress = input.address.trim();
  const created = range(
    input.from_date == null ? undefined : isoOfSeconds(input.from_date, false),
    input.to_date == null ? undefined : isoOfSeconds(input.to_date, true),
  );
  if (created) filter.createdAt = created;
  const amount = range(input.from_amount ?? undefined, input.to_amount ?? undefined);
  if (amount) filter.priceAmountValue = amount;

  const page = input.page ?? 1;
  const size = input.size ?? BETA_PAGE_SIZE.default;
  const direction: SortDirection = input.sort_type === 'asc' ? 1 : -1;
  const sortField = SORT_FIELDS[input.sort_by ?? 'create_date'] ?? 'createdAt';
  const sort: [string, SortDirection][] =
    sortField === 'createdAt'
      ? [['createdAt', direction]]
      : [
          [sortField, direction],
          ['createdAt', direction],
        ];
  return { find: { filter, sort, skip: (page - 1) * size, limit: size }, page, size };
}

/**
 * The conditions of a `type` filter on the payment's kind. A document projected before payments
 * recorded their kind has none: families A's and B's were all invoices, so a missing kind counts as
 * one for them; V1's direct payments are found as white_label once the read models are rebuilt.
 */
function kindConditions(type: string): Filter {
  if (!isPaymentKind(type)) return { kind: { $in: [] } };
  if (type === 'invoice') return { kind: { $in: ['invoice', null] }, family: { $in: ['alpha', 'beta'] } };
  return { kind: type };
}

function range(from: string | number | undefined, to: string | number | undefined): Range | null {
  if (from === undefined && to === undefined) return null;
  return { ...(from !== undefined ? { $gte: from } : {}), ...(to !== undefined ? { $lte: to } : {}) };
}

/** `last_page` is 1 for an empty result, as Laravel's paginator reports it. */
export function metaOf(
  page: number,
  size: number,
  total: number,
): { page: number; last_page: number; total: number } {
  return { page, last_page: Math.max(1, Math.ceil(total / size)), total };
}

/**
 * The conditions of a `status` filter. A payment whose refund is pending shows `Refunding`, whatever
 * status it had: it is what `refunding` selects, and no other value selects it.
 */
function statusConditions(status: string): Filter {
  if (status.toLowerCase() === 'refunding') return { 'refund.pendingSince': { $gt: '' } };
  return { status: { $in: statusesFor(status) }, 'refund.pendingSince': null };
}
