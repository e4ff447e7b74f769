import { v1Validators, type PaymentListQuery } from '@gw/contracts/api/v1';
import { V1ApiError } from '@gw/families';
import { boundOf, pagesCountOf, paymentListFind } from '../src/requests/list-query';

/** Runs the real query validator (coercion and defaults) as the route does. */
function parse(query: Record<string, string>): PaymentListQuery {
  const result = v1Validators.paymentListQuery.check({ ...query });
  if (!result.ok) throw new Error(result.problem.message);
  return result.value;
}

function problemOf(query: Record<string, string>): string | null {
  const result = v1Validators.paymentListQuery.check({ ...query });
  return result.ok ? null : result.problem.message;
}

describe('parsing the payment list query', () => {
  it('defaults to 10 per page, page 0, created_at ascending', () => {
    expect(parse({})).toEqual({ limit: 10, page: 0, sortBy: 'created_at', orderBy: 'asc' });
  });

  it('accepts limits 1 and 500 and refuses 0, 501 and non-integers', () => {
    expect(parse({ limit: '1' }).limit).toBe(1);
    expect(parse({ limit: '500' }).limit).toBe(500);
    expect(problemOf({ limit: '0' })).toBe('limit must be an integer from 1 to 500');
    expect(problemOf({ limit: '501' })).toBe('limit must be an integer from 1 to 500');
    expect(problemOf({ limit: 'ten' })).toBe('limit must be an integer from 1 to 500');
    expect(problemOf({ limit: '2.5' })).toBe('limit must be an integer from 1 to 500');
  });

  it('refuses a negative page, an unknown sort field and an unknown direction', () => {
    expect(problemOf({ page: '-1' })).toBe('page must be a non-negative integer');
    expect(problemOf({ sortBy: 'pay_address; drop' })).toMatch(/^sortBy must be one of payment_id, /);
    expect(problemOf({ orderBy: 'up' })).toBe('orderBy must be asc or desc');
  });

  it('refuses date bounds that are not dates', () => {
    expect(problemOf({ dateFrom: 'yesterday' })).toBe(
      'dateFrom must be a date (YYYY-MM-DD) or an ISO 8601 time',
    );
    expect(problemOf({ dateTo: '01/02/2025' })).toBe(
      'dateTo must be a date (YYYY-MM-DD) or an ISO 8601 time',
    );
  });
});

describe('the read-model query of the payment list', () => {
  it("reads only the merchant's payments, sorted, one page", () => {
    expect(
      paymentListFind('m-1', parse({ limit: '25', page: '2', sortBy: 'price_amount', orderBy: 'desc' })),
    ).toEqual({
      find: { filter: { merchantId: 'm-1' }, sort: [['priceAmountValue', -1]], skip: 50, limit: 25 },
      limit: 25,
      page: 2,
    });
  });

  it.each([
    ['payment_id', 'paymentId'],
    ['payment_status', 'status'],
    ['pay_address', 'payAddress'],
    ['price_amount', 'priceAmountValue'],
    ['price_currency', 'priceCurrency'],
    ['pay_amount', 'payAmountValue'],
    ['actually_paid', 'actuallyPaidValue'],
    ['pay_currency', 'payCurrency'],
    ['order_id', 'orderId'],
    ['order_description', 'orderDescription'],
    ['purchase_id', 'purchaseId'],
    ['outcome_amount', 'outcomeAmountValue'],
    ['outcome_currency', 'outcomeCurrency'],
    ['created_at', 'createdAt'],
    ['updated_at', 'updatedAt'],
  ])('sorts by %s through the read-model field %s', (sortBy, column) => {
    expect(paymentListFind('m-1', parse({ sortBy })).find.sort).toEqual([[column, 1]]);
  });

  it('takes a bare dateTo as the whole UTC day and a bare dateFrom from its start', () => {
    const { find } = paymentListFind('m-1', parse({ dateFrom: '2025-03-01', dateTo: '2025-03-02' }));
    expect(find.filter.createdAt).toEqual({
      $gte: '2025-03-01T00:00:00.000Z',
      $lt: '2025-03-03T00:00:00.000Z',
    });
  });

  it('takes ISO times as inclusive instants, without a zone as UTC', () => {
    const { find } = paymentListFind(
      'm-1',
      parse({ dateFrom: '2025-03-01T10:00:00+02:00', dateTo: '2025-03-01T12:30:00' }),
    );
    expect(find.filter.createdAt).toEqual({
      $gte: '2025-03-01T08:00:00.000Z',
      $lte: '2025-03-01T12:30:00.000Z',
    });
  });

  it('filters by invoice', () => {
    expect(paymentListFind('m-1', parse({ invoiceId: 'inv-9' })).find.filter).toEqual({
      merchantId: 'm-1',
      invoiceId: 'inv-9',
    });
  });

  it('refuses impossible calendar dates', () => {
    expect(() => boundOf('dateFrom', '2025-02-30')).toThrow(V1ApiError);
    expect(() => boundOf('dateTo', '2025-13-01T00:00:00Z')).toThrow(
      'dateTo must be a date (YYYY-MM-DD) or an ISO 8601 time',
    );
  });

  it('counts pages by rounding up', () => {
    expect(pagesCountOf(0, 10)).toBe(0);
    expect(pagesCountOf(10, 10)).toBe(1);
    expect(pagesCountOf(11, 10)).toBe(2);
  });
});
