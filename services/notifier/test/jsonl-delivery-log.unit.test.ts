import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonlDeliveryLog } from '../src/log/jsonl-delivery-log';
import { describeDeliveryLogContract, newDelivery } from '../src/testing/delivery-log-contract';

describeDeliveryLogContract('embedded JSONL', () => {
  let directory: string | undefined;
  return {
    async openLog() {
      directory = await mkdtemp(join(tmpdir(), 'delivery-log-'));
      const log = new JsonlDeliveryLog(directory);
      await log.open();
      return log;
    },
    async reopen(log) {
      await log.close();
      const again = new JsonlDeliveryLog(directory!);
      await again.open();
      return again;
    },
    async cleanup() {
      if (directory) await rm(directory, { recursive: true, force: true });
    },
  };
});

describe('JSONL delivery log on disk', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'delivery-log-'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('cuts off a torn final line left by a crash and keeps what was acknowledged', async () => {
    const log = new JsonlDeliveryLog(directory);
    await log.open();
    await log.append({ type: 'DeliveryScheduled', delivery: newDelivery() });
    await log.close();
    await appendFile(log.path, '{"event":{"type":"Deliv');
    const reopened = new JsonlDeliveryLog(directory);
    await reopened.open();
    expect(await reopened.get('1001-1')).not.toBeNull();
    await reopened.append({ type: 'DeliveryScheduled', delivery: newDelivery({ paymentId: 1002 }) });
    await reopened.close();
    const lines = (await readFile(log.path, 'utf8')).split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l) as unknown)).toHaveLength(2);
  });

  it('refuses a file whose damage is followed by good lines', async () => {
    const log = new JsonlDeliveryLog(directory);
    await log.open();
    await log.close();
    await appendFile(log.path, 'garbage\n{"checkpoint":{"position":1,"since":"2026-01-01T00:00:00.000Z"}}\n');
    await expect(new JsonlDeliveryLog(directory).open()).rejects.toThrow(/corrupt/);
  });

  it('writes appends issued together in the order they were issued', async () => {
    const log = new JsonlDeliveryLog(directory);
    await log.open();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        log.append({ type: 'DeliveryScheduled', delivery: newDelivery({ paymentId: 3000 + i }) }),
      ),
    );
    await log.close();
    const ids = (await readFile(log.path, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { event: { delivery: { paymentId: number } } }).event.delivery.paymentId);
    expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => 3000 + i));
  });
});
