import { createHash } from 'node:crypto';
import { MONEY_MARK, moneyFieldsOf, validatorFor, describeErrors, type Schema } from '@gw/contracts';
import { streamIdOf } from '@gw/domain';
import { newPlanSchema } from '@gw/application';
import { API_DOCUMENTS, type ApiDocumentName } from '@gw/service-docs';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Every money field of every surface (the three families, the admin API, the sandbox, found by their
 * `x-money` mark in the OpenAPI documents the gateway serves, and the dashboard's plan form) gets
 * non-finite, huge, over-precise, negative, zero and malformed amounts. Every answer must be a 4xx in
 * the surface's documented error shape, and nothing may be appended to the event store. A new money
 * field is covered as soon as its schema carries the mark; a new operation with one needs a valid
 * request below, or the first test fails naming it.
 */

/** Raw JSON literals sent as a money field's value: every one must be refused. */
const BAD_JSON_LITERALS = [
  '1e309',
  '-1e309',
  '1e21',
  '12345678901234567890',
  '1000000000000001',
  '0.123456789123',
  '-5',
  '0',
  '-0.0',
  'true',
  '"NaN"',
  '"Infinity"',
  '"-Infinity"',
  '"1e5"',
  '" 1"',
  '"1 "',
  '"1e309"',
  '"12345678901234567890"',
  '"1000000000000000.01"',
  '"0.123456789123"',
  '"-5"',
  '"0"',
  '"0.00"',
  '""',
];

/** What a query string or a form field carries instead: text only. */
const BAD_TEXTS = [
  '1e309',
  '-1e309',
  '1e21',
  '12345678901234567890',
  '1000000000000001',
  '1000000000000000.01',
  '0.123456789123',
  '-5',
  '0',
  '0.00',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e5',
  ' 1',
  '',
];

/** The dashboard trims what a person typed, as every form field: blanks around a number are not an error there. */
const BAD_FORM_TEXTS = BAD_TEXTS.filter((text) => text === '' || text.trim() === text);

interface MoneyField {
  surface: ApiDocumentName;
  method: string;
  path: string;
  field: string;
  location: 'body' | 'query';
  operation: OpenApiOperation;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

interface ValidRequest {
  path: Record<string, string>;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** A value of the field the operation accepts, proving the request reaches the money rule. */
  good: Record<string, unknown>;
}

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

describe('money fields refuse every amount that is not money, on every surface', () => {
  let gateway: TestGateway;
  let fields: MoneyField[];
  let sandboxPayment: { payment_id: number; pay_address: string };
  /** Paid in full before the tests: a refund request needs money received. */
  let paidPayment: { payment_id: number };
  let orderNumber = 0;

  beforeAll(async () => {
    gateway = await startTestGateway();
    fields = [];
    for (const surface of API_DOCUMENTS) {
      const response = await fetch(`${gateway.baseUrl}/docs/${surface}.json`);
      const document = (await response.json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const body = operation.requestBody?.content['application/json']?.schema;
          for (const field of moneyFieldsOf(body))
            fields.push({ surface, method, path, field, location: 'body', operation });
          for (const parameter of operation.parameters ?? []) {
            if (parameter.in === 'query' && parameter.schema?.[MONEY_MARK] === true)
              fields.push({ surface, method, path, field: parameter.name, location: 'query', operation });
          }
        }
      }
    }
    await waitForMerchant();
    const created = await callJson('v1', 'POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
    });
    if (created.status !== 201) throw new Error(`sandbox payment: ${created.status} ${created.text}`);
    sandboxPayment = created.body as typeof sandboxPayment;
    paidPayment = await paidSandboxPayment();
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  /** A request each operation with a money field accepts, keyed `surface METHOD path`. */
  function validRequest(key: string): ValidRequest | undefined {
    const merchantId = gateway.demoMerchant.merchantId;
    const requests: Record<string, ValidRequest> = {
      'v1 POST /v1/payment': {
        path: {},
        body: { price_amount: 100, price_currency: 'usd', pay_currency: 'btc' },
        good: { price_amount: '99.99', pay_amount: 0.01 },
      },
      'v1 POST /v1/invoice': {
        path: {},
        body: { price_amount: 100, price_currency: 'usd' },
        good: { price_amount: 12.5 },
      },
      'v1 GET /v1/estimate': {
        path: {},
        query: { amount: '100', currency_from: 'usd', currency_to: 'btc' },
        good: { amount: '0.01' },
      },
      'alpha POST /alpha/v1/payment': {
        path: {},
        body: { amount: '20', currency: 'USD' },
        good: { amount: '20.05' },
      },
      'beta POST /beta/v1/payment/invoice': {
        path: {},
        body: { amount: 20, currency: 'USD' },
        good: { amount: '20.05' },
      },
      'beta POST /beta/v1/payment/white-label': {
        path: {},
        body: { amount: 20, currency: 'USD', pay_currency: 'BTC' },
        good: { amount: '20.05' },
      },
      'admin POST /admin/v1/payments/{paymentId}/refund-request': {
        path: { paymentId: String(paidPayment.payment_id) },
        body: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        good: { amount: '0.00000001' },
      },
      'admin POST /admin/v1/merchants/{merchantId}/subscription-plans': {
        path: { merchantId },
        body: { title: 'Monthly', amount: 10, currency: 'usd', interval_day: 30 },
        good: { amount: '9.99' },
      },
      'sandbox POST /sandbox/v1/deposits': {
        path: {},
        body: { pay_address: sandboxPayment.pay_address, amount: '0.00001' },
        good: { amount: 0.00001 },
      },
      'sandbox POST /sandbox/v1/payments/{paymentId}/pay': {
        path: { paymentId: String(sandboxPayment.payment_id) },
        body: { amount: '0.00001' },
        good: { amount: '0.00000001' },
      },
    };
    return requests[key];
  }

  const keyOf = (field: MoneyField) => `${field.surface} ${field.method.toUpperCase()} ${field.path}`;

  it('finds the money fields of every surface in the documents, each with a request that reaches its rule', async () => {
    const surfaces = new Set(fields.map((field) => field.surface));
    expect([...surfaces].sort()).toEqual(['admin', 'alpha', 'beta', 'sandbox', 'v1']);
    expect(fields.map((field) => `${keyOf(field)} ${field.field}`)).toEqual(
      expect.arrayContaining([
        'v1 POST /v1/payment price_amount',
        'v1 POST /v1/payment pay_amount',
        'v1 POST /v1/invoice price_amount',
        'v1 GET /v1/estimate amount',
        'alpha POST /alpha/v1/payment amount',
        'beta POST /beta/v1/payment/invoice amount',
        'admin POST /admin/v1/merchants/{merchantId}/subscription-plans amount',
        'sandbox POST /sandbox/v1/deposits amount',
        'sandbox POST /sandbox/v1/payments/{paymentId}/pay amount',
      ]),
    );
    const unknown = fields.filter((field) => validRequest(keyOf(field)) === undefined).map(keyOf);
    expect(unknown).toEqual([]);
    const refused: string[] = [];
    for (const field of fields) {
      const request = validRequest(keyOf(field))!;
      const answer = await send(field, request, valueOf(field, request.good[field.field]));
      if (answer.status < 200 || answer.status > 299)
        refused.push(`${keyOf(field)} ${field.field}: ${answer.status} ${answer.text.slice(0, 300)}`);
    }
    expect(refused).toEqual([]);
    // The two sandbox deposits reach the payment through the chain topic; wait for them to land, so
    // the next test counts only what its own requests append.
    await settledSandboxPayment();
  });

  it('answers every bad amount with a 4xx in the surface shape and appends nothing', async () => {
    const eventsBefore = await eventsOfStore();
    const wrong: string[] = [];
    let sent = 0;
    for (const field of fields) {
      const request = validRequest(keyOf(field))!;
      const values =
        field.location === 'query'
          ? BAD_TEXTS.map((text) => ({ text }))
          : BAD_JSON_LITERALS.map((literal) => ({ literal }));
      for (const value of values) {
        const answer = await send(field, request, value);
        sent += 1;
        const problem = refusalProblem(field, answer);
        if (problem) wrong.push(`${keyOf(field)} ${field.field}=${JSON.stringify(value)}: ${problem}`);
      }
    }
    for (const text of BAD_FORM_TEXTS) {
      const answer = await dashboardPlan(text);
      sent += 1;
      if (answer.status !== 422 || !/amount/i.test(alertOf(answer.text)))
        wrong.push(`dashboard plan amount=${JSON.stringify(text)}: ${answer.status} ${alertOf(answer.text)}`);
    }
    expect(wrong).toEqual([]);
    expect(sent).toBe(
      fields.reduce(
        (total, f) => total + (f.location === 'query' ? BAD_TEXTS : BAD_JSON_LITERALS).length,
        0,
      ) + BAD_FORM_TEXTS.length,
    );
    expect((await eventsOfStore()).slice(eventsBefore.length)).toEqual([]);
  });

  it('refuses a plan of 1e309 with 400 in the admin shape, and appends nothing', async () => {
    const eventsBefore = await gateway.gateway.ctx.eventStore.countEvents();
    const answer = await call(
      'admin',
      'POST',
      `/admin/v1/merchants/${gateway.demoMerchant.merchantId}/subscription-plans`,
      {
        text: '{"title":"t","amount":1e309,"currency":"usd","interval_day":30}',
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('amount'),
    });
    expect(await gateway.gateway.ctx.eventStore.countEvents()).toBe(eventsBefore);
  });

  it('checks the dashboard plan form against the same money rule (its amount field is marked too)', () => {
    expect(moneyFieldsOf(newPlanSchema as Schema)).toEqual(['amount']);
  });

  // ------------------------------------------------------------------------------------------------

  /** Why an answer is not a refusal in the surface's documented shape; null when it is one. */
  function refusalProblem(field: MoneyField, answer: Answer): string | null {
    // 400/422 only: 401, 403, 404, 409 or 429 would mean the request never reached the money rule.
    if (answer.status !== 400 && answer.status !== 422)
      return `answered ${answer.status} ${answer.text.slice(0, 300)}`;
    const schema = field.operation.responses[String(answer.status)]?.content?.['application/json']?.schema;
    if (!schema) return `answered ${answer.status}, which the document does not list`;
    const validate = validatorFor(schema);
    if (!validate(answer.body))
      return `body ${answer.text.slice(0, 300)} is not the documented shape: ${describeErrors(validate.errors)}`;
    return null;
  }

  function valueOf(field: MoneyField, value: unknown): { literal: string } | { text: string } {
    return field.location === 'query' ? { text: String(value) } : { literal: JSON.stringify(value) };
  }

  /** The valid request with the field set to `value` (a raw JSON literal in a body, a text in a query). */
  function send(
    field: MoneyField,
    request: ValidRequest,
    value: { literal: string } | { text: string },
  ): Promise<Answer> {
    const path = field.path.replace(/\{(\w+)\}/g, (_, name: string) => request.path[name]!);
    if (field.location === 'query') {
      const query = new URLSearchParams({
        ...request.query,
        [field.field]: (value as { text: string }).text,
      });
      return call(field.surface, field.method.toUpperCase(), `${path}?${query.toString()}`);
    }
    const body: Record<string, unknown> = { ...request.body };
    if (field.surface === 'alpha') body.order_id = `money-fuzz-${++orderNumber}`;
    const marker = '"__money__"';
    body[field.field] = '__money__';
    const text = JSON.stringify(body).replace(marker, (value as { literal: string }).literal);
    return call(field.surface, field.method.toUpperCase(), path, { text });
  }

  function callJson(surface: ApiDocumentName, method: string, path: string, body: unknown): Promise<Answer> {
    return call(surface, method, path, { text: JSON.stringify(body) });
  }

  async function call(
    surface: ApiDocumentName,
    method: string,
    path: string,
    options: { text?: string } = {},
  ): Promise<Answer> {
    const keys = gateway.demoMerchant;
    const headers: Record<string, string> = {};
    if (options.text !== undefined) headers['content-type'] = 'application/json';
    if (surface === 'v1' || surface === 'sandbox') headers['x-api-key'] = keys.apiKey;
    if (surface === 'beta') headers.merchant_api_key = keys.betaApiKey;
    if (surface === 'admin') headers.authorization = `Bearer ${gateway.adminToken}`;
    if (surface === 'alpha') {
      headers.merchant = keys.merchantId;
      headers.sign = createHash('md5')
        .update(Buffer.from(options.text ?? '', 'utf8').toString('base64') + keys.paymentKey)
        .digest('hex');
    }
    const response = await fetch(`${gateway.baseUrl}${path}`, { method, headers, body: options.text });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body, text };
  }

  // The dashboard: a signed-in merchant's plan form, posted as a browser posts it.
  let dashboard: { cookies: Map<string, string>; csrf: string } | null = null;

  async function dashboardPlan(amount: string): Promise<Answer> {
    dashboard ??= await signIn();
    const form = new URLSearchParams({
      csrf: dashboard.csrf,
      title: 'Monthly',
      amount,
      currency: 'usd',
      interval_day: '30',
    });
    return browserFetch('POST', '/dashboard/subscriptions/plans', form);
  }

  async function signIn(): Promise<{ cookies: Map<string, string>; csrf: string }> {
    dashboard = { cookies: new Map(), csrf: '' };
    const page = await browserFetch('GET', '/dashboard/sign-in');
    const signInCsrf = csrfOf(page.text);
    const signedIn = await browserFetch(
      'POST',
      '/dashboard/sign-in',
      new URLSearchParams({ csrf: signInCsrf, key: gateway.demoMerchant.apiKey }),
    );
    if (signedIn.status !== 303) throw new Error(`dashboard sign-in answered ${signedIn.status}`);
    const plans = await browserFetch('GET', '/dashboard/subscriptions');
    dashboard.csrf = csrfOf(plans.text);
    return dashboard;
  }

  async function browserFetch(method: string, path: string, form?: URLSearchParams): Promise<Answer> {
    const cookies = dashboard!.cookies;
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = gateway.baseUrl;
    }
    const response = await fetch(`${gateway.baseUrl}${path}`, {
      method,
      headers,
      body: form?.toString(),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name.trim(), value.join('='));
    }
    return { status: response.status, body: null, text: await response.text() };
  }

  function csrfOf(html: string): string {
    const match = /name="csrf"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf"/.exec(html);
    if (!match) throw new Error('no CSRF token on the page');
    return match[1] ?? match[2]!;
  }

  /** The page's alert and field messages, as text. */
  function alertOf(html: string): string {
    return [
      ...html.matchAll(
        /<(?:p|div|span)[^>]*(?:role="alert"|class="[^"]*(?:error|problem)[^"]*")[^>]*>([\s\S]*?)<\//g,
      ),
    ]
      .map((match) => match[1]!.replace(/<[^>]+>/g, '').trim())
      .join(' | ');
  }

  /** The sandbox payment has both accepted deposits: seen twice, and the paid one confirmed. */
  async function settledSandboxPayment(): Promise<void> {
    const streamId = streamIdOf('payment', sandboxPayment.payment_id);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const types = (await gateway.gateway.ctx.eventStore.readStream(streamId)).map((event) => event.type);
      const seen = types.filter((type) => type === 'DepositDetected').length;
      if (seen >= 2 && types.includes('DepositConfirmationsUpdated')) return;
      if (Date.now() > deadline) throw new Error(`the sandbox deposits never landed: ${types.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** A V1 payment the sandbox pays in full, once its payment is finished. */
  async function paidSandboxPayment(): Promise<{ payment_id: number }> {
    const created = await callJson('v1', 'POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
    });
    if (created.status !== 201) throw new Error(`sandbox payment: ${created.status} ${created.text}`);
    const payment = created.body as { payment_id: number };
    const paid = await callJson('sandbox', 'POST', `/sandbox/v1/payments/${payment.payment_id}/pay`, {});
    if (paid.status < 200 || paid.status > 299) throw new Error(`sandbox pay: ${paid.status} ${paid.text}`);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const read = await call('v1', 'GET', `/v1/payment/${payment.payment_id}`);
      if ((read.body as { payment_status?: string }).payment_status === 'finished') return payment;
      if (Date.now() > deadline) throw new Error(`the sandbox payment never finished: ${read.text}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Every event of the store, as `type streamId`. */
  async function eventsOfStore(): Promise<string[]> {
    const events: string[] = [];
    for await (const event of gateway.gateway.ctx.eventStore.readAll())
      events.push(`${event.type} ${event.streamId}`);
    return events;
  }

  async function waitForMerchant(): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await call('v1', 'GET', '/v1/merchant/coins');
      if (answer.status === 200) return;
      if (attempt > 250) throw new Error(`the demo merchant is not readable: ${answer.status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
});
