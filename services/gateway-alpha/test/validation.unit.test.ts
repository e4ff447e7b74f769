import { alphaValidators as validators } from '@gw/contracts/api/alpha';

const valid = { amount: '10.28', currency: 'USD', order_id: 'order-1' };

function errorsOf(body: unknown) {
  const result = validators.createPayment.check(body);
  return result.ok ? {} : result.errors;
}

describe('POST /payment validation (Laravel rule keys)', () => {
  it('accepts the minimal body', () => {
    expect(validators.createPayment.check(valid).ok).toBe(true);
  });

  it('names every missing required field', () => {
    expect(errorsOf({})).toEqual({
      amount: ['validation.required'],
      currency: ['validation.required'],
      order_id: ['validation.required'],
    });
  });

  it.each([
    ['amount', 'abc', 'validation.numeric'],
    ['amount', '-5', 'validation.numeric'],
    ['amount', '0', 'validation.numeric'],
    ['amount', 0, 'validation.min.numeric'],
    ['amount', true, 'validation.numeric'],
    ['currency', 'US D', 'validation.alpha_num'],
    ['currency', 'X'.repeat(33), 'validation.max.string'],
    ['order_id', 'has space', 'validation.alpha_dash'],
    ['order_id', 'a/b', 'validation.alpha_dash'],
    ['order_id', 'o'.repeat(129), 'validation.max.string'],
    ['url_callback', 'ftp://shop.example/cb', 'validation.url'],
    ['url_return', `https://shop.example/${'r'.repeat(240)}`, 'validation.max.string'],
    ['url_success', 'not a url', 'validation.url'],
    ['lifetime', 299, 'validation.min.numeric'],
    ['lifetime', 43_201, 'validation.max.numeric'],
    ['lifetime', '100', 'validation.min.numeric'],
    ['lifetime', 3600.5, 'validation.integer'],
    ['lifetime', 'soon', 'validation.integer'],
    ['subtract', -1, 'validation.min.numeric'],
    ['subtract', 101, 'validation.max.numeric'],
    ['accuracy_payment_percent', 5.5, 'validation.max.numeric'],
    ['accuracy_payment_percent', -0.1, 'validation.min.numeric'],
    ['discount_percent', -100, 'validation.min.numeric'],
    ['discount_percent', 101, 'validation.max.numeric'],
    ['additional_data', 'd'.repeat(256), 'validation.max.string'],
    ['is_payment_multiple', 'maybe', 'validation.boolean'],
    ['is_refresh', 2, 'validation.boolean'],
    ['to_currency', 'B-TC', 'validation.alpha_num'],
    ['network', 7, 'validation.string'],
  ])('%s = %j fails with %s', (field, value, rule) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: [rule] });
  });

  it.each([
    ['amount', 15],
    ['amount', '0.5'],
    ['lifetime', '3600'],
    ['lifetime', 300],
    ['lifetime', 43_200],
    ['subtract', '100'],
    ['accuracy_payment_percent', '2.5'],
    ['discount_percent', -99],
    ['discount_percent', '100'],
    ['is_payment_multiple', 'false'],
    ['is_payment_multiple', 0],
    ['is_refresh', true],
    ['order_id', 'Заказ_1'],
    ['network', null],
    ['url_callback', 'https://shop.example/cb'],
  ])('%s = %j is accepted', (field, value) => {
    expect(validators.createPayment.check({ ...valid, [field]: value }).ok).toBe(true);
  });

  it('lists every rule a field fails, as Laravel does', () => {
    expect(errorsOf({ ...valid, order_id: '' })).toEqual({
      order_id: ['validation.min.string', 'validation.alpha_dash'],
    });
    expect(errorsOf({ ...valid, url_callback: 'http:' })).toEqual({
      url_callback: ['validation.min.string', 'validation.url'],
    });
  });

  it('reads numeric strings of bounded fields as numbers', () => {
    const result = validators.createPayment.check({ ...valid, lifetime: '3600', subtract: '5' });
    expect(result.ok && result.value).toMatchObject({ lifetime: 3600, subtract: 5 });
  });

  it('reads an integer order_id (PHP int ids) as its digits', () => {
    const result = validators.createPayment.check({ ...valid, order_id: 1234 });
    expect(result.ok && result.value.order_id).toBe('1234');
  });

  it('keeps the amount exactly as sent', () => {
    const result = validators.createPayment.check({ ...valid, amount: '10.123456789012345678' });
    expect(result.ok && result.value.amount).toBe('10.123456789012345678');
  });

  it('ignores upstream fields this gateway does not use', () => {
    expect(
      validators.createPayment.check({
        ...valid,
        course_source: 'Binance',
        currencies: [{ currency: 'BTC' }],
      }).ok,
    ).toBe(true);
  });
});

describe('POST /payment/info validation', () => {
  it('requires uuid or order_id, naming both with required_without', () => {
    const result = validators.paymentInfo.check({});
    expect(result.ok ? null : result.errors).toEqual({
      uuid: ['validation.required_without'],
      order_id: ['validation.required_without'],
    });
  });

  it('refuses a malformed uuid', () => {
    const result = validators.paymentInfo.check({ uuid: 'nope' });
    expect(result.ok ? null : result.errors).toEqual({ uuid: ['validation.uuid'] });
  });

  it('accepts either field alone', () => {
    expect(validators.paymentInfo.check({ order_id: 'A-1' }).ok).toBe(true);
    expect(validators.paymentInfo.check({ uuid: '8b03432e-0000-4000-8000-000000000001' }).ok).toBe(true);
  });
});

describe('POST /payment/list validation', () => {
  it.each([
    '2025-01-31 9:05:00',
    '2025-01-31 09:05:00',
    '2025-01-31',
    '2025-01-31T09:05:00Z',
    '2025-01-31T09:05:00+03:00',
  ])('accepts the date %s', (date) => {
    expect(validators.paymentList.check({ date_from: date }).ok).toBe(true);
  });

  it('refuses a date in another format', () => {
    const result = validators.paymentList.check({ date_to: '31.01.2025' });
    expect(result.ok ? null : result.errors).toEqual({ date_to: ['validation.date'] });
  });

  it('accepts a body cursor as a page number or text', () => {
    expect(validators.paymentList.check({ cursor: '1' }).ok).toBe(true);
    expect(validators.paymentList.check({ cursor: 2 }).ok).toBe(true);
  });
});
