import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streamIdOf } from '@gw/domain';
import { InMemoryReadModelStore } from '@gw/store';
import { COLLECTIONS } from '@gw/views';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { V1Client } from '../v1/v1-client';

/**
 * The embedded gateway keeps each event once, in its event log: the history a webhook, a timeline or a
 * keyed create reads comes from the log, and the in-memory read models hold no copy of it (a copy per
 * event took as much heap as the payments themselves), neither after a create nor after the rebuild
 * of a restart.
 */
describe('the embedded history is the event log, not a copy in memory', () => {
  let gateway: TestGateway | undefined;
  let dataDir: string | undefined;

  afterEach(async () => {
    await gateway?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const historyDocuments = (running: TestGateway) => {
    const readModels = running.gateway.ctx.readModels;
    if (!(readModels instanceof InMemoryReadModelStore))
      throw new Error('this test runs on the embedded store');
    return readModels.collection(COLLECTIONS.streamEvents).count({});
  };

  it('answers a payment’s events from the log, before and after a restart, with no history document', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-history-'));
    gateway = await startTestGateway({ dataDir });
    const answer = await new V1Client(gateway).call('POST', '/v1/payment', {
      body: { price_amount: 20, price_currency: 'usd', pay_currency: 'btc', order_id: 'history-once' },
    });
    expect(answer.status).toBe(201);
    const streamId = streamIdOf('payment', String((answer.body as { payment_id: string }).payment_id));

    expect((await gateway.gateway.ctx.history.events(streamId)).map((event) => event.type)).toEqual([
      'PaymentCreated',
    ]);
    expect(await historyDocuments(gateway)).toBe(0);

    await gateway.stop();
    gateway = await startTestGateway({ dataDir });
    expect((await gateway.gateway.ctx.history.events(streamId)).map((event) => event.type)).toEqual([
      'PaymentCreated',
    ]);
    expect(await historyDocuments(gateway)).toBe(0);
  });
});
