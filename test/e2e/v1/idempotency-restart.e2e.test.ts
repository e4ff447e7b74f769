import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedGatewayProcess } from '../../support/embedded-gateway-process';

describe('Idempotency-Key across a crash of the embedded gateway', () => {
  let dataDir: string;
  let running: EmbeddedGatewayProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-idempotency-crash-'));
  });

  afterAll(async () => {
    await running?.kill('SIGKILL').catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('replays the first answer after kill -9 and after a restart, and never opens a second payment', async () => {
    running = await EmbeddedGatewayProcess.start(dataDir, true);
    const apiKey = running.demoMerchant!.apiKey;
    const body = JSON.stringify({
      price_amount: 25,
      price_currency: 'usd',
      pay_currency: 'btc',
      order_id: 'CRASH-1',
    });
    const create = (url: string) =>
      fetch(`${url}/v1/payment`, {
        method: 'POST',
        headers: {
          'x-api-key': apiKey,
          'content-type': 'application/json',
          'idempotency-key': 'order-crash-1',
        },
        body,
      });

    const first = await create(running.url);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { payment_id: number; pay_address: string };

    await running.kill('SIGKILL');
    running = await EmbeddedGatewayProcess.start(dataDir, false);
    const afterCrash = await create(running.url);

    expect(afterCrash.status).toBe(201);
    expect(afterCrash.headers.get('idempotent-replayed')).toBe('true');
    expect(await afterCrash.json()).toMatchObject({
      payment_id: created.payment_id,
      pay_address: created.pay_address,
    });

    await running.kill('SIGTERM');
    running = await EmbeddedGatewayProcess.start(dataDir, false);
    const afterRestart = await create(running.url);

    expect(afterRestart.status).toBe(201);
    expect(await afterRestart.json()).toMatchObject({
      payment_id: created.payment_id,
      pay_address: created.pay_address,
    });
    const listed = await fetch(`${running.url}/v1/payment/?limit=100`, { headers: { 'x-api-key': apiKey } });
    const list = (await listed.json()) as { total: number; data: { payment_id: number }[] };
    expect(list.total).toBe(1);
    expect(list.data.map((payment) => payment.payment_id)).toEqual([created.payment_id]);
  });
});
