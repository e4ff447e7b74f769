import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonlDeliveryLog } from '../src/log/jsonl-delivery-log';
import { redeliverDead } from '../src/log/redeliver-dead';
import { attempt, newDelivery } from '../src/testing/delivery-log-contract';

const DEAD = 1_201;
const createdAt = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();

describe('redelivering every dead webhook of a merchant', () => {
  let directory: string;
  let log: JsonlDeliveryLog;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'redeliver-dead-'));
    log = new JsonlDeliveryLog(directory);
    await log.open();
    for (let i = 1; i <= DEAD; i++) {
      const delivery = newDelivery({ paymentId: i, createdAt: createdAt(i) });
      await log.append({ type: 'DeliveryScheduled', delivery });
      await log.append({
        type: 'DeadLettered',
        deliveryId: delivery.deliveryId,
        attempt: attempt(1, 500),
        reason: 'gave up',
      });
    }
  });
  afterEach(async () => {
    await log.close();
    await rm(directory, { recursive: true, force: true });
  });

  const sendAgain = (id: string) =>
    log.append({
      type: 'RedeliveryRequested',
      deliveryId: id,
      at: '2026-02-01T00:00:00.000Z',
      origin: 'merchant',
    });

  it('sends each one once, oldest first, across pages', async () => {
    const sent = await redeliverDead(log, 'merchant-1', sendAgain);

    expect(sent).toHaveLength(DEAD);
    expect(sent[0]).toBe('1-1');
    expect(sent.at(-1)).toBe(`${DEAD}-1`);
    expect(new Set(sent).size).toBe(DEAD);
  });

  it('misses none when another request sends one of them again while the pages are read', async () => {
    // Whichever read the redelivery pages with, the first page it gets is followed at once by another
    // request sending that page's newest delivery again.
    let interfered = false;
    const interfere = async <T extends { deliveries: { deliveryId: string }[] }>(page: T): Promise<T> => {
      if (!interfered) {
        interfered = true;
        await sendAgain(page.deliveries[0]!.deliveryId);
      }
      return page;
    };
    const page = log.page.bind(log);
    const find = log.find.bind(log);
    log.page = async (query) => interfere(await page(query));
    log.find = async (query) => interfere(await find(query));

    const sent = await redeliverDead(log, 'merchant-1', sendAgain);

    const stillDead = (await log.find({ merchantId: 'merchant-1', state: 'dead', limit: 10, offset: 0 }))
      .total;
    expect(stillDead).toBe(0);
    expect(sent).toHaveLength(DEAD);
  });
});
