import type { MerchantKeys } from '@gw/application';
import { EXPORT_PAGE_SIZE, PAYMENT_CSV_COLUMNS } from '@gw/application';
import { InMemoryReadModelStore, wasted, type QueryCost } from '@gw/store';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { newMerchant, readyMerchant, storedPayment } from '../alpha/alpha-fixtures';
import { AlphaClient, type AlphaPayment } from '../alpha/alpha-client';
import { V1Client } from '../v1/v1-client';

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF');
  return records;
}

interface Export {
  status: number;
  headers: Headers;
  text: string;
  rows: Record<string, string>[];
}

async function download(url: string, headers: Record<string, string>): Promise<Export> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, headers: response.headers, text, rows: [] };
  const [header, ...records] = parseCsv(text);
  expect(header).toEqual([...PAYMENT_CSV_COLUMNS]);
  const rows = records.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!])));
  return { status: response.status, headers: response.headers, text, rows };
}

describe('payments export (CSV)', () => {
  let gateway: TestGateway;
  let other: MerchantKeys;
  let v1: V1Client;
  const created: Record<string, number> = {};
  let alphaPayment: AlphaPayment;

  const adminExport = (query = '') =>
    download(`${gateway.baseUrl}/admin/v1/payments/export${query}`, {
      authorization: `Bearer ${gateway.adminToken}`,
    });

  const createV1 = async (client: V1Client, orderId: string, payCurrency = 'btc') => {
    const answer = await client.call<{ payment_id: string }>('POST', '/v1/payment', {
      body: { price_amount: 20, price_currency: 'usd', pay_currency: payCurrency, order_id: orderId },
    });
    expect(answer.status).toBe(201);
    const paymentId = Number(answer.body.payment_id);
    await storedPayment(gateway, paymentId);
    return paymentId;
  };

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    other = await newMerchant(gateway, 'Other shop');
    v1 = new V1Client(gateway);
    for (const orderId of ['=HYPERLINK("http://evil.example","x")', '+1', '-2', '@SUM(A1)', 'a,"b"']) {
      created[orderId] = await createV1(v1, orderId);
    }
    created['ltc-order'] = await createV1(v1, 'ltc-order', 'ltc');
    const alpha = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
    const answer = await alpha.post<{ state: number; result: AlphaPayment }>('/payment', {
      amount: '20',
      currency: 'USD',
      order_id: 'alpha-order',
    });
    expect(answer.body.state).toBe(0);
    alphaPayment = answer.body.result;
    await storedPayment(gateway, alphaPayment.uuid);
    created['other-order'] = await createV1(new V1Client(gateway, other.apiKey), 'other-order');
  }, 120_000);

  afterAll(() => gateway?.stop());

  describe('admin API: GET /admin/v1/payments/export', () => {
    it('streams every payment as an attachment, newest first, with the payment fields', async () => {
      const all = await adminExport();
      expect(all.status).toBe(200);
      expect(all.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(all.headers.get('content-disposition')).toBe('attachment; filename="payments-all.csv"');
      const ids = all.rows.map((row) => Number(row.payment_id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(ids).toEqual(expect.arrayContaining(Object.values(created)));

      const payment = await storedPayment(gateway, created['ltc-order']!);
      const row = all.rows.find((r) => Number(r.payment_id) === payment.paymentId)!;
      expect(row).toEqual({
        payment_id: String(payment.paymentId),
        family: 'v1',
        merchant_id: gateway.demoMerchant.merchantId,
        order_id: 'ltc-order',
        status: payment.status,
        created_at: payment.createdAt,
        updated_at: payment.updatedAt,
        price_amount: '20',
        price_currency: 'usd',
        pay_amount: payment.payAmount,
        pay_currency: 'ltc',
        actually_paid: '0',
        actually_paid_in_price_currency: '0',
        network: payment.payNetwork,
        pay_address: payment.payAddress,
        tx_hashes: '',
        test: String(payment.testPayment),
      });
    });

    it('quotes as RFC 4180 and defuses cells a spreadsheet would run as a formula', async () => {
      const { rows, text } = await adminExport(`?merchant_id=${gateway.demoMerchant.merchantId}`);
      const orderOf = (orderId: string) =>
        rows.find((row) => Number(row.payment_id) === created[orderId])!.order_id;
      expect(orderOf('=HYPERLINK("http://evil.example","x")')).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect(orderOf('+1')).toBe("'+1");
      expect(orderOf('-2')).toBe("'-2");
      expect(orderOf('@SUM(A1)')).toBe("'@SUM(A1)");
      expect(orderOf('a,"b"')).toBe('a,"b"');
      expect(text).toContain(`,"a,""b""",`);
      expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    });

    it("honours the list's filters: merchant, family, currency, days", async () => {
      const mine = await adminExport(`?merchant_id=${gateway.demoMerchant.merchantId}`);
      expect(mine.rows.every((row) => row.merchant_id === gateway.demoMerchant.merchantId)).toBe(true);
      expect(mine.rows.map((row) => Number(row.payment_id))).not.toContain(created['other-order']);

      const theirs = await adminExport(`?merchant_id=${other.merchantId}`);
      expect(theirs.rows.map((row) => row.order_id)).toEqual(['other-order']);

      const alpha = await adminExport(`?merchant_id=${gateway.demoMerchant.merchantId}&family=alpha`);
      expect(alpha.rows.map((row) => [row.family, row.order_id])).toEqual([['alpha', 'alpha-order']]);

      const ltc = await adminExport(`?currency=LTC`);
      expect(ltc.rows.map((row) => row.order_id)).toEqual(['ltc-order']);

      const past = await adminExport(`?from=2000-01-01&to=2000-01-02`);
      expect(past.rows).toEqual([]);
      expect(past.text).toBe(`${PAYMENT_CSV_COLUMNS.join(',')}\r\n`);
    });

    it('refuses filters it cannot honour, and callers without the admin token', async () => {
      expect((await adminExport('?status=bogus')).status).toBe(400);
      expect((await adminExport('?q=ltc-order')).status).toBe(400);
      expect((await adminExport('?merchant_id=not-a-uuid')).status).toBe(404);
      const anonymous = await fetch(`${gateway.baseUrl}/admin/v1/payments/export`);
      expect(anonymous.status).toBe(401);
    });
  });

  describe('dashboard: GET /dashboard/payments.csv', () => {
    const cookies = new Map<string, string>();
    const browser = async (path: string, form?: URLSearchParams) => {
      const response = await fetch(`${gateway.baseUrl}${path}`, {
        method: form ? 'POST' : 'GET',
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: gateway.baseUrl } : {}),
        },
        body: form?.toString(),
        redirect: 'manual',
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const [name = '', ...value] = pair.split('=');
        cookies.set(name.trim(), value.join('='));
      }
      return { status: response.status, text: await response.text() };
    };
    const signInAs = async (apiKey: string) => {
      cookies.clear();
      const page = await browser('/dashboard/sign-in');
      const csrf = /name="csrf"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf"/.exec(page.text);
      const signedIn = await browser(
        '/dashboard/sign-in',
        new URLSearchParams({ csrf: csrf![1] ?? csrf![2]!, key: apiKey }),
      );
      expect(signedIn.status).toBe(303);
    };
    const dashboardExport = (query: string) =>
      download(`${gateway.baseUrl}/dashboard/payments.csv${query}`, {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      });

    it("links the list's filters to the CSV and exports only the signed-in merchant's payments", async () => {
      await signInAs(other.apiKey);
      const list = await browser('/dashboard/payments?family=v1&currency=btc');
      expect(list.status).toBe(200);
      expect(list.text).toContain('href="/dashboard/payments.csv?family=v1&amp;currency=btc"');

      const own = await dashboardExport('?family=v1&currency=btc');
      expect(own.status).toBe(200);
      expect(own.headers.get('content-disposition')).toBe(
        `attachment; filename="payments-${other.merchantId}.csv"`,
      );
      expect(own.rows.map((row) => row.order_id)).toEqual(['other-order']);
      // No parameter reaches another merchant's payments: the session's merchant scopes the export.
      const reaching = await dashboardExport(`?merchant_id=${gateway.demoMerchant.merchantId}`);
      expect(reaching.rows.map((row) => row.merchant_id)).toEqual([other.merchantId]);
    });

    it('answers 400 for a filter the list refuses, and sends a visitor without a session to sign in', async () => {
      await signInAs(gateway.demoMerchant.apiKey);
      expect((await dashboardExport('?status=bogus')).status).toBe(400);
      const alpha = await dashboardExport('?family=alpha');
      expect(alpha.rows.map((row) => row.order_id)).toEqual(['alpha-order']);
      cookies.clear();
      expect((await dashboardExport('')).status).toBe(303);
    });
  });

  describe('paging', () => {
    it('reads the read model one indexed keyset page at a time, never the whole set', async () => {
      const store = gateway.gateway.ctx.readModels;
      if (!(store instanceof InMemoryReadModelStore)) throw new Error('this test runs on the embedded store');
      const bulk = await newMerchant(gateway, 'Bulk shop');
      const template = await storedPayment(gateway, created['other-order']!);
      const payments = store.collection<PaymentDocument>(COLLECTIONS.payments);
      const count = EXPORT_PAGE_SIZE * 2 + 7;
      for (let i = 1; i <= count; i++) {
        const paymentId = 8_000_000_000 + i;
        await payments.upsertIfNewer({
          ...template,
          id: String(paymentId),
          paymentId,
          uuid: `bulk-${i}`,
          trackId: `bulk-${i}`,
          merchantId: bulk.merchantId,
          orderId: `bulk-${i}`,
        });
      }
      const queries: QueryCost[] = [];
      store.guardQueries({
        budget: 0,
        observe: (cost) => {
          if (cost.collection === COLLECTIONS.payments) queries.push(cost);
        },
      });
      try {
        const exported = await adminExport(`?merchant_id=${bulk.merchantId}`);
        expect(exported.status).toBe(200);
        expect(exported.rows.map((row) => row.order_id)).toEqual(
          Array.from({ length: count }, (_, i) => `bulk-${count - i}`),
        );
      } finally {
        store.guardQueries(undefined);
      }
      // Three pages and the empty-handed check after a full one would be four; a short last page ends it.
      expect(queries.map((cost) => [cost.query.limit, cost.returned])).toEqual([
        [EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE],
        [EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE],
        [EXPORT_PAGE_SIZE, 7],
      ]);
      expect(queries.map((cost) => cost.query.filter.paymentId)).toEqual([
        undefined,
        { $lt: 8_000_000_000 + count - EXPORT_PAGE_SIZE + 1 },
        { $lt: 8_000_000_000 + count - 2 * EXPORT_PAGE_SIZE + 1 },
      ]);
      expect(queries.filter((cost) => wasted(cost) > 0)).toEqual([]);
    });
  });
});
