import { betaValidators } from '@gw/contracts/api/beta';

const invoice = { amount: 10, currency: 'USD' };

function problemOf(body: unknown) {
  const result = betaValidators.createInvoice.check(body);
  return result.ok ? null : result.problem;
}

describe('POST /payment/invoice validation (one field at a time, upstream wording)', () => {
  it('accepts the minimal body', () => {
    expect(problemOf(invoice)).toBeNull();
  });

  it('reports the first missing field', () => {
    expect(problemOf({})).toEqual({ key: 'amount', message: 'The amount field is required.' });
    expect(problemOf({ amount: 5 })).toEqual({ key: 'currency', message: 'The currency field is required.' });
  });

  it.each([
    ['amount', 'ten', 'The amount field must be a number.'],
    ['amount', 0, 'The amount field must be greater than 0.'],
    ['amount', '-1', 'The amount field must be a number.'],
    ['currency', '', 'The currency field is required.'],
    ['currency', 'U S D', 'The selected currency is invalid.'],
    ['lifetime', 'an hour', 'The lifetime field must be an integer.'],
    ['lifetime', 30.5, 'The lifetime field must be an integer.'],
    ['lifetime', 14, 'The lifetime field must be at least 15.'],
    ['lifetime', '2881', 'The lifetime field must not be greater than 2880.'],
    ['fee_paid_by_payer', 2, 'The selected fee paid by payer is invalid.'],
    ['fee_paid_by_payer', 'yes', 'The selected fee paid by payer is invalid.'],
    ['under_paid_coverage', -1, 'The under paid coverage field must be at least 0.'],
    ['under_paid_coverage', '60.5', 'The under paid coverage field must not be greater than 60.'],
    ['under_paid_coverage', 'all', 'The under paid coverage field must be a number.'],
    ['to_currency', 'US-DT', 'The selected to currency is invalid.'],
    ['callback_url', 'not a url', 'The callback url field must be a valid URL.'],
    ['return_url', 'ftp://shop.example', 'The return url field must be a valid URL.'],
    ['email', 'nobody', 'The email field must be a valid email address.'],
    ['order_id', 'o'.repeat(129), 'The order id field must not be greater than 128 characters.'],
    ['order_id', true, 'The order id field must be a string.'],
    ['thanks_message', 't'.repeat(256), 'The thanks message field must not be greater than 255 characters.'],
    ['description', 42, 'The description field must be a string.'],
    ['sandbox', 'perhaps', 'The sandbox field must be true or false.'],
    ['mixed_payment', 3, 'The mixed payment field must be true or false.'],
  ])('%s = %j → "%s"', (key, value, message) => {
    expect(problemOf({ ...invoice, [key]: value })).toEqual({ key, message });
  });

  it('accepts the string-typed fields of the WooCommerce plugin', () => {
    const woo = {
      amount: '10.00',
      currency: 'EUR',
      lifetime: 60,
      fee_paid_by_payer: '0',
      under_paid_coverage: '2.5',
      mixed_payment: '1',
      sandbox: '0',
      order_id: '1234',
      callback_url: 'https://shop.example/?wc-api=oxapay',
      return_url: 'https://shop.example/checkout/order-received/1234/',
      email: 'buyer@shop.example',
      description: 'Order #1234',
    };
    const result = betaValidators.createInvoice.check(woo);
    expect(result.ok && result.value).toMatchObject({
      amount: '10.00',
      under_paid_coverage: 2.5,
      fee_paid_by_payer: '0',
    });
  });

  it('reads lifetime sent as text as a number', () => {
    const result = betaValidators.createInvoice.check({ ...invoice, lifetime: '120' });
    expect(result.ok && result.value.lifetime).toBe(120);
  });
});

describe('GET /payment query validation', () => {
  const problem = (query: Record<string, unknown>) => {
    const result = betaValidators.paymentList.check(query);
    return result.ok ? null : result.problem;
  };

  it.each([
    [{ page: '0' }, { key: 'page', message: 'The page field must be at least 1.' }],
    [{ page: 'two' }, { key: 'page', message: 'The page field must be an integer.' }],
    [{ size: '201' }, { key: 'size', message: 'The size field must not be greater than 200.' }],
    [{ size: '0' }, { key: 'size', message: 'The size field must be at least 1.' }],
    [{ sort_by: 'price' }, { key: 'sort_by', message: 'The selected sort by is invalid.' }],
    [{ sort_type: 'up' }, { key: 'sort_type', message: 'The selected sort type is invalid.' }],
    [{ status: 'done' }, { key: 'status', message: 'The selected status is invalid.' }],
    [{ type: 'payout' }, { key: 'type', message: 'The selected type is invalid.' }],
    [{ from_date: 'yesterday' }, { key: 'from_date', message: 'The from date field must be an integer.' }],
    [{ to_amount: '-3' }, { key: 'to_amount', message: 'The to amount field must be at least 0.' }],
    [{ track_id: ['1', '2'] }, { key: 'track_id', message: 'The track id field must be a string.' }],
  ])('%j → %j', (query, expected) => {
    expect(problem(query)).toEqual(expected);
  });

  it('reads numbers and matches enums case-insensitively', () => {
    const result = betaValidators.paymentList.check({
      page: '2',
      size: '50',
      status: 'Paid',
      sort_type: 'ASC',
      from_amount: '1.5',
    });
    expect(result.ok && result.value).toMatchObject({
      page: 2,
      size: 50,
      status: 'paid',
      sort_type: 'asc',
      from_amount: 1.5,
    });
  });
});
