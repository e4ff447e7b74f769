import { startTestGateway, type TestGateway } from '../../support/gateway';
import { readyMerchant } from './alpha-fixtures';
import { AlphaClient } from './alpha-client';

/** Every rule of every POST /payment field, over HTTP: 422 `{state: 1, message, errors: {field: [rule]}}`. */
describe('family A validation over HTTP', () => {
  let gateway: TestGateway;
  let client: AlphaClient;
  const valid = { amount: '20', currency: 'USD', order_id: 'valid-order' };

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('names every missing required field of POST /payment', async () => {
    const answer = await client.post('/payment', {});
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      state: 1,
      message:
        'Validation error: amount (validation.required); currency (validation.required); order_id (validation.required)',
      errors: {
        amount: ['validation.required'],
        currency: ['validation.required'],
        order_id: ['validation.required'],
      },
    });
  });

  it.each([
    ['amount', 'twenty', ['validation.numeric']],
    ['amount', -1, ['validation.min.numeric']],
    ['amount', false, ['validation.numeric']],
    ['currency', 12, ['validation.alpha_num']],
    ['currency', 'U$D', ['validation.alpha_num']],
    ['currency', 'C'.repeat(33), ['validation.max.string']],
    ['order_id', 'order #1', ['validation.alpha_dash']],
    ['order_id', 'o'.repeat(129), ['validation.max.string']],
    ['order_id', '', ['validation.min.string', 'validation.alpha_dash']],
    ['network', 'n'.repeat(33), ['validation.max.string']],
    ['url_callback', 'shop.example/cb', ['validation.url']],
    ['url_callback', 'http:', ['validation.min.string', 'validation.url']],
    ['url_return', `https://shop.example/${'r'.repeat(240)}`, ['validation.max.string']],
    ['url_success', 'javascript:alert(1)', ['validation.url']],
    ['is_payment_multiple', 'sometimes', ['validation.boolean']],
    ['lifetime', 299, ['validation.min.numeric']],
    ['lifetime', '43201', ['validation.max.numeric']],
    ['lifetime', 'forever', ['validation.integer']],
    ['lifetime', 600.5, ['validation.integer']],
    ['to_currency', 'B TC', ['validation.alpha_num']],
    ['subtract', -5, ['validation.min.numeric']],
    ['subtract', 150, ['validation.max.numeric']],
    ['subtract', 2.5, ['validation.integer']],
    ['accuracy_payment_percent', 6, ['validation.max.numeric']],
    ['accuracy_payment_percent', '-1', ['validation.min.numeric']],
    ['accuracy_payment_percent', 'some', ['validation.numeric']],
    ['additional_data', 'a'.repeat(256), ['validation.max.string']],
    ['additional_data', { nested: true }, ['validation.string']],
    ['discount_percent', -100, ['validation.min.numeric']],
    ['discount_percent', 101, ['validation.max.numeric']],
    ['is_refresh', 'again', ['validation.boolean']],
  ])('POST /payment %s = %j → %j', async (field, value, rules) => {
    const answer = await client.post('/payment', { ...valid, [field]: value });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ state: 1, errors: { [field]: rules } });
    expect(Object.keys((answer.body as { errors: object }).errors)).toEqual([field]);
  });

  it.each([
    [{ uuid: 'not-a-uuid' }, { uuid: ['validation.uuid'] }],
    [{ order_id: '' }, { order_id: ['validation.min.string'] }],
    [
      { uuid: null, order_id: null },
      { uuid: ['validation.required_without'], order_id: ['validation.required_without'] },
    ],
  ])('POST /payment/info %j → %j', async (body, errors) => {
    const answer = await client.post('/payment/info', body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ state: 1, errors });
  });

  it.each([
    [{ date_from: '01/02/2025' }, { date_from: ['validation.date'] }],
    [{ date_to: '2025-02-30 00:00:00' }, { date_to: ['validation.date'] }],
    [{ date_from: '2025-03-01', date_to: '2025-02-01' }, { date_to: ['validation.after_or_equal'] }],
    [{ cursor: 'bm90IGEgY3Vyc29y' }, { cursor: ['validation.invalid'] }],
    [{ cursor: '0' }, { cursor: ['validation.invalid'] }],
    [{ cursor: true }, { cursor: ['validation.string'] }],
  ])('POST /payment/list %j → %j', async (body, errors) => {
    const answer = await client.post('/payment/list', body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ state: 1, errors });
  });

  it('refuses a malformed cursor in the query string', async () => {
    const answer = await client.post('/payment/list?cursor=%21%21', {});
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ errors: { cursor: ['validation.invalid'] } });
  });

  it.each([
    ['NOPE', { currency: ['validation.exists'] }],
    ['B-TC', { currency: ['validation.alpha_num'] }],
  ])('GET /exchange-rate/%s/list → %j', async (currency, errors) => {
    const answer = await client.send('GET', `/exchange-rate/${currency}/list`);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ state: 1, errors });
  });
});
