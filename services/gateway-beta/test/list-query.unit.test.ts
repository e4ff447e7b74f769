import { metaOf, toListQuery } from '../src/requests/list-query';
import { curatedRates } from './support';

const rates = curatedRates();

describe('GET /payment query → read-model query', () => {
  it('pages newest first by default, 10 per page', () => {
    expect(toListQuery('m-1', {}, rates)).toEqual({
      find: { filter: { merchantId: 'm-1' }, sort: [['createdAt', -1]], skip: 0, limit: 10 },
      page: 1,
      size: 10,
    });
  });

  it('turns every filter into a condition scoped to the merchant', () => {
    const { find } = toListQuery(
      'm-1',
      {
        track_id: ' 5077125051 ',
        type: 'invoice',
        status: 'paying',
        pay_currency: 'USDT',
        currency: 'usd',
        network: 'TRC20',
        address: 'TXhf',
        from_date: 1_735_689_600,
        to_date: 1_735_776_000,
        from_amount: 5,
        to_amount: 50.5,
      },
      rates,
    );
    expect(find.filter).toEqual({
      merchantId: 'm-1',
      trackId: '5077125051',
      kind: { $in: ['invoice', null] },
      family: { $in: ['alpha', 'beta'] },
      status: { $in: ['confirming', 'confirmed', 'sending'] },
      'refund.pendingSince': null,
      payCurrency: {
        $in: ['usdterc20', 'usdtbsc', 'usdttrc20', 'usdtsol', 'usdtmatic', 'usdtarb', 'usdtop', 'usdtton'],
      },
      priceCurrency: { $in: ['usd'] },
      payNetwork: { $in: ['trx'] },
      payAddress: 'TXhf',
      createdAt: { $gte: '2025-01-01T00:00:00.000Z', $lte: '2025-01-02T00:00:00.999Z' },
      priceAmountValue: { $gte: 5, $lte: 50.5 },
    });
  });

  it.each([
    ['paid', ['finished']],
    ['Paid', ['finished']],
    ['waiting', ['waiting']],
    ['confirming', ['confirming', 'confirmed', 'sending']],
    ['underpaid', ['partially_paid']],
    ['expired', ['expired']],
    ['new', []],
    ['manual_accept', []],
  ])('status %s selects %j', (status, statuses) => {
    expect(toListQuery('m', { status }, rates).find.filter.status).toEqual({ $in: statuses });
  });

  it.each(['refunding', 'Refunding'])(
    'status %s selects the payments whose refund is pending, whatever their status',
    (status) => {
      expect(toListQuery('m', { status }, rates).find.filter).toEqual({
        merchantId: 'm',
        'refund.pendingSince': { $gt: '' },
      });
    },
  );

  it('leaves a payment whose refund is pending out of every other status: it shows Refunding', () => {
    expect(toListQuery('m', { status: 'paid' }, rates).find.filter).toEqual({
      merchantId: 'm',
      status: { $in: ['finished'] },
      'refund.pendingSince': null,
    });
  });

  it.each([
    ['white_label', { kind: 'white_label' }],
    ['static_address', { kind: 'static_address' }],
    ['payment_link', { kind: { $in: [] } }],
  ])('type %s selects the payments of that kind', (type, conditions) => {
    expect(toListQuery('m', { type }, rates).find.filter).toEqual({ merchantId: 'm', ...conditions });
  });

  it.each([
    ['trx', ['trx']],
    ['Tron', ['trx']],
    ['bep20', ['bsc']],
    ['Ethereum (ERC-20)', ['eth']],
    ['nowhere', []],
  ])('network %s selects %j', (network, codes) => {
    expect(toListQuery('m', { network }, rates).find.filter.payNetwork).toEqual({ $in: codes });
  });

  it('sorts by pay date or amount, then by creation', () => {
    expect(toListQuery('m', { sort_by: 'pay_date', sort_type: 'asc' }, rates).find.sort).toEqual([
      ['paidAt', 1],
      ['createdAt', 1],
    ]);
    expect(toListQuery('m', { sort_by: 'amount' }, rates).find.sort).toEqual([
      ['priceAmountValue', -1],
      ['createdAt', -1],
    ]);
  });

  it('skips to the requested page', () => {
    expect(toListQuery('m', { page: 3, size: 25 }, rates).find).toMatchObject({ skip: 50, limit: 25 });
  });
});

describe('meta', () => {
  it.each([
    [1, 10, 0, 1],
    [1, 10, 10, 1],
    [1, 10, 11, 2],
    [2, 10, 20, 2],
    [7, 10, 20, 2],
    [1, 200, 401, 3],
  ])('page %d of size %d over %d payments has last_page %d', (page, size, total, lastPage) => {
    expect(metaOf(page, size, total)).toEqual({ page, last_page: lastPage, total });
  });
});
