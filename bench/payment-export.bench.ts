/**
 * Time and memory of the CSV export of payments (GET /admin/v1/payments/export) on the embedded
 * gateway in this process: `--payments` payments of one merchant written straight into the embedded read
 * model (creating them through the API would take hours), then one export downloaded over HTTP and
 * read as a stream (counted, never kept). Reports the seeding time, the export's time and bytes, and
 * the process's resident memory: after seeding (the store itself holds every payment) and the peak
 * while exporting, sampled every 10 ms; the difference is what the export added.
 * Run: `npx tsx --expose-gc bench/payment-export.bench.ts [--payments 100000]`.
 */
import { parseArgs } from 'node:util';
import { InMemoryReadModelStore } from '../packages/store/src';
import { COLLECTIONS, type PaymentDocument } from '../packages/views/src';
import { startTestGateway } from '../test/support/gateway';

const { values } = parseArgs({ options: { payments: { type: 'string', default: '100000' } } });
const PAYMENTS = Number(values.payments);
const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);

function payment(merchantId: string, i: number): PaymentDocument {
  const paymentId = 5_000_000_000 + i;
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return {
    id: String(paymentId),
    version: 1,
    paymentId,
    uuid: `bench-${i}`,
    trackId: `bench-${i}`,
    merchantId,
    family: (['v1', 'alpha', 'beta'] as const)[i % 3]!,
    status: i % 4 === 0 ? 'finished' : 'waiting',
    priceAmount: '20',
    priceAmountValue: 20,
    priceCurrency: 'usd',
    payCurrency: 'btc',
    payNetwork: 'btc',
    payAmount: '0.00031234',
    payAmountValue: 0.00031234,
    payDecimals: 8,
    actuallyPaid: i % 4 === 0 ? '0.00031234' : '0',
    actuallyPaidValue: 0,
    outcomeAmount: '0',
    outcomeAmountValue: 0,
    outcomeCurrency: 'btc',
    payAddress: `bc1qbench${i.toString(36).padStart(30, '0')}`,
    payinExtraId: null,
    payWalletKeyId: null,
    payAddressIndex: i,
    testPayment: false,
    payinHash: null,
    payoutHash: null,
    fromAddress: null,
    confirmations: 0,
    requiredConfirmations: 1,
    orderId: i % 10 === 0 ? `=order,"${i}"` : `order-${i}`,
    orderDescription: null,
    purchaseId: paymentId,
    invoiceId: null,
    callbackUrl: null,
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
    underpaidTolerancePercent: '0',
    isPaymentMultiple: false,
    isFixedRate: false,
    isFeePaidByUser: false,
    sandboxCase: null,
    alpha: null,
    beta: null,
    createdAt: at,
    updatedAt: at,
    expiresAt: at,
    paidAt: null,
    parentPaymentId: null,
    deposits:
      i % 4 === 0
        ? [
            {
              txHash: i.toString(16).padStart(64, '0'),
              amount: '0.00031234',
              fromAddress: null,
              confirmations: 1,
              detectedAt: at,
            },
          ]
        : [],
    lateDeposits: [],
  };
}

async function main() {
  const gateway = await startTestGateway();
  try {
    const store = gateway.gateway.ctx.readModels;
    if (!(store instanceof InMemoryReadModelStore)) throw new Error('this bench runs on the embedded store');
    const merchantId = gateway.demoMerchant.merchantId;
    const payments = store.collection<PaymentDocument>(COLLECTIONS.payments);
    const seedStarted = performance.now();
    for (let i = 1; i <= PAYMENTS; i++) await payments.upsertIfNewer(payment(merchantId, i));
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    globalThis.gc?.();
    const rssAfterSeed = process.memoryUsage.rss();

    let peakRss = rssAfterSeed;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);
    const started = performance.now();
    const response = await fetch(`${gateway.baseUrl}/admin/v1/payments/export?merchant_id=${merchantId}`, {
      headers: { authorization: `Bearer ${gateway.adminToken}` },
    });
    if (response.status !== 200) throw new Error(`the export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const exportSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    // The header, then one line per payment (order ids here hold no line break).
    if (lines !== PAYMENTS + 1) throw new Error(`exported ${lines - 1} payments of ${PAYMENTS}`);
    console.log(
      JSON.stringify({
        payments: PAYMENTS,
        seedSeconds: Math.round(seedSeconds * 10) / 10,
        exportSeconds: Math.round(exportSeconds * 10) / 10,
        paymentsPerSecond: Math.round(PAYMENTS / exportSeconds),
        csvMB: mb(bytes),
        rssAfterSeedMB: mb(rssAfterSeed),
        peakRssDuringExportMB: mb(peakRss),
        addedByExportMB: mb(peakRss - rssAfterSeed),
      }),
    );
  } finally {
    await gateway.stop();
  }
}

void main();
