/**
 * Dashboard page timings at a given store size: the embedded gateway in this process, its read model
 * seeded directly with `--payments` payments of one merchant (default 1,000,000; a second merchant gets
 * a tenth as many beside them), then a signed-in session asks for each page `--rounds` times over HTTP:
 * the first page of the list, a page deep in it (keyset cursor), a status filter, a currency filter,
 * searches by order id, pay address and transaction id, and one payment's page. Reports median and p95
 * per page in ms. Run: `node --max-old-space-size=6144 --import tsx bench/dashboard.bench.ts [--payments 1000000]`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freeLoopbackPort, loadConfig } from '../packages/platform/src';
import { createMerchant } from '../packages/application/src';
import { COLLECTIONS, type PaymentDocument } from '../packages/views/src';
import { startGateway } from '../apps/gateway/src/runner';

const { values } = parseArgs({
  options: { payments: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '50' } },
});
const PAYMENTS = Number(values.payments);
const ROUNDS = Number(values.rounds);
const STATUSES = [
  'finished',
  'finished',
  'finished',
  'expired',
  'expired',
  'waiting',
  'partially_paid',
  'failed',
] as const;
const CURRENCIES = ['btc', 'ltc', 'eth', 'usdttrc20', 'trx'] as const;
const START_MS = Date.UTC(2026, 0, 1);
const SPAN_MS = 90 * 24 * 60 * 60 * 1000;

function payment(merchantId: string, index: number, total: number): PaymentDocument {
  const createdAt = new Date(START_MS + Math.floor((index * SPAN_MS) / total)).toISOString();
  const paymentId = 4_000_000_000 + index * 10 + (merchantId.charCodeAt(0) % 10);
  const currency = CURRENCIES[index % CURRENCIES.length]!;
  const status = STATUSES[index % STATUSES.length]!;
  const paid = status === 'finished' || status === 'partially_paid';
  return {
    id: String(paymentId),
    version: 3,
    paymentId,
    uuid: `${merchantId.slice(0, 8)}-${index}`,
    trackId: `t-${paymentId}`,
    merchantId,
    family: 'v1',
    status,
    priceAmount: '25',
    priceAmountValue: 25,
    priceCurrency: 'usd',
    payCurrency: currency,
    payNetwork: currency,
    payAmount: '0.00027397',
    payAmountValue: 0.00027397,
    payDecimals: 8,
    actuallyPaid: paid ? '0.00027397' : '0',
    actuallyPaidValue: paid ? 0.00027397 : 0,
    outcomeAmount: '0.00027397',
    outcomeAmountValue: 0.00027397,
    outcomeCurrency: currency,
    payAddress: `addr-${paymentId}`,
    payinExtraId: null,
    payWalletKeyId: null,
    payAddressIndex: null,
    testPayment: true,
    payinHash: paid ? `tx-${paymentId}` : null,
    payoutHash: null,
    fromAddress: null,
    confirmations: paid ? 6 : 0,
    requiredConfirmations: 2,
    orderId: `order-${index}`,
    orderDescription: null,
    purchaseId: paymentId,
    invoiceId: null,
    callbackUrl: null,
    redirectUrls: { success: null, cancel: null, partiallyPaid: null } as PaymentDocument['redirectUrls'],
    underpaidTolerancePercent: '0',
    isPaymentMultiple: false,
    isFixedRate: false,
    isFeePaidByUser: false,
    sandboxCase: null,
    alpha: null,
    beta: null,
    createdAt,
    updatedAt: createdAt,
    expiresAt: createdAt,
    paidAt: paid ? createdAt : null,
    parentPaymentId: null,
    deposits: paid
      ? [
          {
            txHash: `tx-${paymentId}`,
            amount: '0.00027397',
            fromAddress: null,
            confirmations: 6,
            detectedAt: createdAt,
          },
        ]
      : [],
    lateDeposits: [],
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dashboard-bench-'));
  const config = loadConfig({
    PORT: String(await freeLoopbackPort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef',
    LOG_LEVEL: 'silent',
    DASHBOARD_SIGN_IN_LIMIT: '0',
  });
  const gateway = await startGateway(config);
  try {
    const merchant = await createMerchant(gateway.ctx, { name: 'Bench merchant' });
    const neighbour = await createMerchant(gateway.ctx, { name: 'Neighbour' });
    const payments = gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    const seedStarted = performance.now();
    for (let i = 0; i < PAYMENTS; i++)
      await payments.upsertIfNewer(payment(merchant.merchantId, i, PAYMENTS));
    for (let i = 0; i < PAYMENTS / 10; i++)
      await payments.upsertIfNewer(payment(neighbour.merchantId, i, PAYMENTS / 10));
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;

    const cookie = await signIn(gateway.url, merchant.apiKey);
    const deep = payment(merchant.merchantId, Math.floor(PAYMENTS / 2), PAYMENTS);
    const paid = payment(merchant.merchantId, 0, PAYMENTS);
    const pages: [string, string][] = [
      ['list, first page', '/dashboard/payments'],
      ['list, page in the middle (keyset)', `/dashboard/payments?before=${deep.paymentId}`],
      ['list, status filter', '/dashboard/payments?status=partially_paid'],
      ['list, currency and date filter', '/dashboard/payments?currency=ltc&from=2026-02-01&to=2026-02-03'],
      ['search by order id', `/dashboard/payments?q=${deep.orderId}`],
      ['search by pay address', `/dashboard/payments?q=${deep.payAddress}`],
      ['search by transaction id', `/dashboard/payments?q=${paid.payinHash}`],
      ['payment page', `/dashboard/payments/${deep.paymentId}`],
    ];
    console.log(
      `${PAYMENTS.toLocaleString('en')} payments of one merchant (+${(PAYMENTS / 10).toLocaleString('en')} of another), seeded in ${seedSeconds} s; ${ROUNDS} requests per page`,
    );
    console.log('| page | median ms | p95 ms | rows |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [label, url] of pages) {
      const times: number[] = [];
      let rows = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const response = await fetch(`${gateway.url}${url}`, { headers: { cookie }, redirect: 'manual' });
        const body = await response.text();
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        // List rows name their payment (for the live updates); a payment page's deposit rows do not.
        const listed = (body.match(/<tr data-payment-id=/g) ?? []).length;
        rows = listed > 0 ? listed : (body.match(/<tr>/g) ?? []).length - 1;
      }
      times.sort((a, b) => a - b);
      console.log(
        `| ${label} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${Math.max(rows, 0)} |`,
      );
    }
  } finally {
    await gateway.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function signIn(baseUrl: string, key: string): Promise<string> {
  const form = await fetch(`${baseUrl}/dashboard/sign-in`);
  const csrfCookie = form.headers.get('set-cookie')!.split(';')[0]!;
  const token = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const answer = await fetch(`${baseUrl}/dashboard/sign-in`, {
    method: 'POST',
    headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: token, key }).toString(),
    redirect: 'manual',
  });
  if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
