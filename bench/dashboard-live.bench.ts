/**
 * How long a status change takes to reach an open dashboard page: the embedded gateway in this
 * process, one signed-in session following the payment list over server-sent events, then `--payments`
 * payments created and paid in full through the sandbox API one after the other. For each payment it
 * times, from the moment the sandbox pay request is sent, the arrival on the stream of each status
 * the payment passes through (the deposit's way through chain.deposits, payments, the event store's
 * outbox and payments.events, then the dashboard's hub). Reports median / p95 / max in ms per status.
 * Run: `npx tsx bench/dashboard-live.bench.ts [--payments 200]`.
 */
import { parseArgs } from 'node:util';
import { startTestGateway } from '../test/support/gateway';
import { CheckoutFixtures } from '../test/browser/support/checkout-fixtures';
import { EventStreamReader } from '../test/browser/support/event-stream';

const { values } = parseArgs({ options: { payments: { type: 'string', default: '200' } } });
const PAYMENTS = Number(values.payments);

interface Message {
  paymentId: number;
  announce: string;
}

async function main(): Promise<void> {
  const gateway = await startTestGateway();
  try {
    const merchant = gateway.demoMerchant;
    const fixtures = new CheckoutFixtures(gateway, merchant);
    const cookie = await signIn(gateway.baseUrl, merchant.apiKey);
    const stream = await EventStreamReader.open(
      `${gateway.baseUrl}/dashboard/live?view=payments&merchant=${merchant.merchantId}`,
      { cookie },
    );
    if (stream.status !== 200) throw new Error(`the stream answered ${stream.status}`);
    const samples = new Map<string, number[]>();
    for (let i = 0; i < PAYMENTS; i++) {
      const payment = await fixtures.createPayment({ order_id: `LIVE-BENCH-${i}` });
      const seen = stream.events.length;
      const sentAt = performance.now();
      await fixtures.pay(payment, { confirmations: payment.requiredConfirmations });
      const finished = `Payment ${payment.paymentId} is now finished.`;
      const arrivals = new Map<string, number>();
      await stream.until((event, index) => {
        if (index < seen) return false;
        const message = JSON.parse(event.data) as Message;
        if (message.paymentId !== payment.paymentId || !message.announce.startsWith('Payment ')) return false;
        const status = message.announce.replace(/^Payment \d+ is now (.+)\.$/, '$1');
        if (!arrivals.has(status)) arrivals.set(status, performance.now() - sentAt);
        return message.announce === finished;
      }, `payment ${payment.paymentId} finished`);
      for (const [status, ms] of arrivals) samples.set(status, [...(samples.get(status) ?? []), ms]);
    }
    stream.close();
    const report = Object.fromEntries([...samples].map(([status, values]) => [status, summary(values)]));
    process.stdout.write(`${JSON.stringify({ payments: PAYMENTS, msFromPayRequest: report }, null, 2)}\n`);
  } finally {
    await gateway.stop();
  }
}

function summary(values: number[]): { n: number; median: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return {
    n: sorted.length,
    median: at(0.5),
    p95: at(0.95),
    max: Number(sorted[sorted.length - 1]!.toFixed(1)),
  };
}

async function signIn(baseUrl: string, key: string): Promise<string> {
  const form = await fetch(`${baseUrl}/dashboard/sign-in`);
  const csrfCookie = form.headers.get('set-cookie')!.split(';')[0]!;
  const token = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const answer = await fetch(`${baseUrl}/dashboard/sign-in`, {
    method: 'POST',
    headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key, csrf: token }).toString(),
    redirect: 'manual',
  });
  if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
