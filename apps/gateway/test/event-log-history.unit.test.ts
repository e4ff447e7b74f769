import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANY_EVENT, JsonlEventStore } from '@gw/store';
import { paymentEvent } from '@gw/store/testing';
import { harnessOver, streamHistoryContract } from '@gw/views/testing';
import { EventLogHistory } from '../src/event-log-history';

const opened: { directory: string; log: JsonlEventStore }[] = [];
async function openLog(): Promise<{ directory: string; log: JsonlEventStore }> {
  const directory = await mkdtemp(join(tmpdir(), 'gw-event-log-history-'));
  const log = await JsonlEventStore.open({ directory, eventSchema: ANY_EVENT });
  opened.push({ directory, log });
  return { directory, log };
}

streamHistoryContract('the embedded event log', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'gw-event-log-history-'));
  const log = await JsonlEventStore.open({ directory, eventSchema: ANY_EVENT });
  return harnessOver(new EventLogHistory(log), log, () => rm(directory, { recursive: true, force: true }));
});

describe('EventLogHistory', () => {
  afterEach(async () => {
    for (const { directory, log } of opened.splice(0)) {
      await log.close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('finds after a restart what occurred since an instant, reading only the commits that can hold it', async () => {
    const { directory, log } = await openLog();
    for (let n = 0; n < 50; n++) {
      const at = new Date(Date.UTC(2030, 0, 1, 0, n)).toISOString();
      await log.append(`payment-${n}`, 0, [{ ...paymentEvent('PaymentCreated'), occurredAt: at }]);
    }
    await log.close();
    const reopened = await JsonlEventStore.open({ directory, eventSchema: ANY_EVENT });
    opened.push({ directory, log: reopened });
    const reads = jest.spyOn(reopened as unknown as { readCommit: () => unknown }, 'readCommit');

    const since = await new EventLogHistory(reopened).occurredSince('2030-01-01T00:47:00.000Z');

    expect(since.map((event) => event.streamId)).toEqual(['payment-47', 'payment-48', 'payment-49']);
    expect(reads).toHaveBeenCalledTimes(3);
  });
});
