import {
  decodeCursor,
  encodeCursor,
  paginateOf,
  parseDateBound,
  parseListQuery,
  toFindQuery,
} from '../src/requests/list-query';

describe('page cursors', () => {
  it('round-trip a page number through an opaque token', () => {
    expect(decodeCursor(encodeCursor(7))).toBe(7);
    expect(encodeCursor(7)).not.toContain('7');
  });

  it.each([
    [undefined, 1],
    [null, 1],
    ['', 1],
    ['1', 1],
    [1, 1],
    ['3', 3],
  ])('reads %j as page %d (older SDKs send page numbers)', (cursor, page) => {
    expect(decodeCursor(cursor)).toBe(page);
  });

  it.each([
    '0',
    '-1',
    'not base64!',
    Buffer.from('{"page":0}').toString('base64url'),
    Buffer.from('{"x":1}').toString('base64url'),
    'Zm9v',
  ])('refuses %j', (cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});

describe('date bounds', () => {
  it('reads upstream\'s "YYYY-MM-DD H:mm:ss" as UTC', () => {
    expect(parseDateBound('2025-01-31 9:05:00', 'from')?.toISOString()).toBe('2025-01-31T09:05:00.000Z');
  });

  it('stretches an upper bound over the unit it names', () => {
    expect(parseDateBound('2025-01-31', 'to')?.toISOString()).toBe('2025-01-31T23:59:59.999Z');
    expect(parseDateBound('2025-01-31 10:00', 'to')?.toISOString()).toBe('2025-01-31T10:00:59.999Z');
    expect(parseDateBound('2025-01-31 10:00:00', 'to')?.toISOString()).toBe('2025-01-31T10:00:00.999Z');
    expect(parseDateBound('2025-01-31', 'from')?.toISOString()).toBe('2025-01-31T00:00:00.000Z');
  });

  it('honours an explicit offset', () => {
    expect(parseDateBound('2025-01-31T12:00:00+03:00', 'from')?.toISOString()).toBe(
      '2025-01-31T09:00:00.000Z',
    );
  });

  it.each(['2025-02-30', '2025-13-01 00:00:00', '2025-01-01 24:00:00', '2025-01-01 10:61'])(
    'refuses the impossible date %s',
    (text) => {
      expect(parseDateBound(text, 'from')).toBeNull();
    },
  );
});

describe('list query', () => {
  it('prefers the query-string cursor over the body cursor', () => {
    const parsed = parseListQuery({ cursor: '1' }, encodeCursor(4));
    expect(parsed.ok && parsed.value.page).toBe(4);
  });

  it('reports a bad cursor and bad dates together', () => {
    const parsed = parseListQuery({ cursor: 'garbage!', date_from: '2025-02-30' }, undefined);
    expect(parsed.ok ? null : parsed.errors).toEqual({
      cursor: ['validation.invalid'],
      date_from: ['validation.date'],
    });
  });

  it('refuses an upper bound before the lower bound', () => {
    const parsed = parseListQuery({ date_from: '2025-02-01', date_to: '2025-01-01' }, undefined);
    expect(parsed.ok ? null : parsed.errors).toEqual({ date_to: ['validation.after_or_equal'] });
  });

  it('becomes a newest-first read of one page plus one row', () => {
    const parsed = parseListQuery({ date_from: '2025-01-01', date_to: '2025-01-31' }, '3');
    if (!parsed.ok) throw new Error('expected a valid query');
    expect(toFindQuery('m-1', parsed.value)).toEqual({
      filter: {
        merchantId: 'm-1',
        createdAt: { $gte: '2025-01-01T00:00:00.000Z', $lte: '2025-01-31T23:59:59.999Z' },
      },
      sort: [['createdAt', -1]],
      skip: 30,
      limit: 16,
    });
  });

  it('has no date filter without bounds', () => {
    const parsed = parseListQuery({}, undefined);
    if (!parsed.ok) throw new Error('expected a valid query');
    expect(toFindQuery('m-1', parsed.value).filter).toEqual({ merchantId: 'm-1' });
  });
});

describe('paginate', () => {
  it('on a single page has no cursors', () => {
    expect(paginateOf(1, 3)).toEqual({
      count: 3,
      hasPages: false,
      nextCursor: null,
      previousCursor: null,
      perPage: 15,
    });
  });

  it('on a first full page with more rows points to page 2', () => {
    const paginate = paginateOf(1, 16);
    expect(paginate).toMatchObject({ count: 15, hasPages: true, previousCursor: null });
    expect(decodeCursor(paginate.nextCursor)).toBe(2);
  });

  it('on exactly 15 rows has no next page', () => {
    expect(paginateOf(1, 15)).toMatchObject({ count: 15, hasPages: false, nextCursor: null });
  });

  it('on a middle page points both ways', () => {
    const paginate = paginateOf(2, 16);
    expect(decodeCursor(paginate.previousCursor)).toBe(1);
    expect(decodeCursor(paginate.nextCursor)).toBe(3);
  });

  it('past the end is empty but still points back', () => {
    const paginate = paginateOf(5, 0);
    expect(paginate).toMatchObject({ count: 0, hasPages: true, nextCursor: null });
    expect(decodeCursor(paginate.previousCursor)).toBe(4);
  });
});
