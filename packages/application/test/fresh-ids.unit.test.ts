import type { ReplyMessage } from '@gw/contracts';
import { createUnderFreshId, ID_PROBES } from '../src/fresh-ids';

const taken = (streamId: string): ReplyMessage => ({
  ok: false,
  commandId: 'c',
  streamId,
  error: { code: 'STREAM_ALREADY_EXISTS', message: 'exists' },
});
const created = (streamId: string): ReplyMessage => ({
  ok: true,
  commandId: 'c',
  streamId,
  version: 1,
  eventTypes: ['Created'],
});

describe('createUnderFreshId', () => {
  it('creates under another fresh id when the first is taken, and answers with the terms it created', async () => {
    const tried: number[] = [];
    const { terms, reply } = await createUnderFreshId(
      (id) => ({ id }),
      async ({ id }) => {
        tried.push(id);
        return tried.length === 1 ? taken(`plan-${id}`) : created(`plan-${id}`);
      },
    );
    expect(reply.ok).toBe(true);
    expect(tried).toHaveLength(2);
    expect(tried[1]).not.toBe(tried[0]);
    expect(terms.id).toBe(tried[1]);
  });

  it('passes any other refusal on at once, and gives up after a bounded number of taken ids', async () => {
    let asked = 0;
    const refused = await createUnderFreshId(
      (id) => id,
      async () => {
        asked++;
        return { ok: false, commandId: 'c', streamId: 's', error: { code: 'NOT_FOUND', message: 'no plan' } };
      },
    );
    expect([refused.reply.ok, asked]).toEqual([false, 1]);

    asked = 0;
    const always = await createUnderFreshId(
      (id) => id,
      async (id) => {
        asked++;
        return taken(`plan-${id}`);
      },
    );
    expect([always.reply.ok, asked]).toEqual([false, ID_PROBES]);
  });
});
