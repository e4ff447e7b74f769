import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CRASH_TEST_ADMIN_TOKEN, EmbeddedGatewayProcess } from '../../support/embedded-gateway-process';
import { eventually } from './support/notifier-harness';
import { replyWith, startReceiver, type Receiver } from './support/receiver';

/**
 * The embedded bus keeps nothing across a restart: a status change the notifier had not made durable
 * when the process died is found at the next start by the catch-up, in the history read model the
 * embedded start rebuilds from the event store.
 */
describe('the notifier catch-up across a kill -9 of the embedded gateway', () => {
  let dataDir: string;
  let receiver: Receiver;
  let running: EmbeddedGatewayProcess | undefined;
  const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'notifier-catch-up-crash-'));
    receiver = await startReceiver(replyWith(200));
  });

  afterAll(async () => {
    await running?.kill('SIGKILL').catch(() => undefined);
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('schedules the webhook the notifier lost once at the next start, from the rebuilt history', async () => {
    running = await EmbeddedGatewayProcess.start(dataDir, true, env);
    const apiKey = running.demoMerchant!.apiKey;
    const created = await fetch(`${running.url}/v1/payment`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        price_amount: 25,
        price_currency: 'usd',
        pay_currency: 'btc',
        order_id: 'CATCH-UP-1',
        ipn_callback_url: `${receiver.url}/ipn`,
      }),
    });
    expect(created.status).toBe(201);
    const { payment_id: paymentId } = (await created.json()) as { payment_id: number };
    await eventually(() => receiver.calls.length === 1, 60_000);

    // kill -9, then the delivery log as if the kill had come before the notifier's intake: its
    // checkpoint (written at the first start) survives, the delivery does not.
    await running.kill('SIGKILL');
    const logPath = path.join(dataDir, 'webhooks', 'deliveries.jsonl');
    const lines = (await readFile(logPath, 'utf8')).split('\n').filter(Boolean);
    const kept = lines.filter((line) => 'checkpoint' in (JSON.parse(line) as object));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(lines.length);
    await writeFile(logPath, kept.map((line) => `${line}\n`).join(''));

    running = await EmbeddedGatewayProcess.start(dataDir, false, env);
    await eventually(() => receiver.calls.length === 2, 60_000);
    expect(receiver.calls[1]!.rawBody.toString('utf8')).toBe(receiver.calls[0]!.rawBody.toString('utf8'));
    expect(receiver.calls[1]!.json).toMatchObject({ payment_id: paymentId, payment_status: 'waiting' });

    const listed = await fetch(`${running.url}/admin/v1/webhooks?payment_id=${paymentId}`, {
      headers: { authorization: `Bearer ${CRASH_TEST_ADMIN_TOKEN}` },
    });
    expect(listed.status).toBe(200);
    const deliveries = (await listed.json()) as { count: number; result: { delivery_id: string }[] };
    expect(deliveries.count).toBe(1);
    expect(deliveries.result.map((delivery) => delivery.delivery_id)).toEqual([`${paymentId}-1`]);
  }, 180_000);
});
