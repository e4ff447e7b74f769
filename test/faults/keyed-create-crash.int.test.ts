import { createMerchant, type MerchantKeys } from '@gw/application';
import type { RunningGateway } from '@gw/gateway';
import { Fleet, type FleetService } from '../support/fleet';
import {
  createsPerKey,
  KEYED_CREATES,
  retryKeyedCreate,
  sendKeyedCreate,
  type KeyedAnswer,
  type KeyedCreateKind,
} from '../support/keyed-creates';

const GATEWAYS: FleetService[] = ['gateway-v1', 'gateway-alpha', 'gateway-beta'];
/** Round by round, what dies inside the burst: the gateways, or the gateways and payments. */
const VICTIMS: FleetService[][] = [GATEWAYS, [...GATEWAYS, 'payments'], GATEWAYS];
const CREATES_PER_KIND = 6;

interface Keyed {
  kind: KeyedCreateKind;
  key: string;
  first?: KeyedAnswer;
}

/**
 * Keyed creates of every family on the real engines, every service its own process, with kill -9 of
 * the gateways (and payments) inside each burst: an attempt whose create was committed but whose answer
 * was never stored is replayed by its retry, never created again. It restarts only its own fleet's
 * processes, never the shared engines.
 */
describe('keyed creates under kill -9 (engines)', () => {
  let fleet: Fleet;
  let probe: RunningGateway;
  let merchant: MerchantKeys;

  beforeAll(async () => {
    // A crashed attempt's lock lives 2 × REQUEST_TIMEOUT_MS + 5 s.
    fleet = await Fleet.start({ env: { REQUEST_TIMEOUT_MS: '3000' } });
    probe = await fleet.testGateway();
    merchant = await createMerchant(probe.ctx, { name: 'Keyed crash merchant' });
    for (const kind of KEYED_CREATES) await retryKeyedCreate(fleet.url, merchant, kind, `warm-up-${kind}`);
  }, 300_000);

  afterAll(async () => {
    await probe?.stop();
    await fleet?.stop();
  });

  it('creates every key once and replays what a killed attempt committed', async () => {
    const all: Keyed[] = [];
    let answeredBeforeRetry = 0;
    for (const [round, victims] of VICTIMS.entries()) {
      const batch: Keyed[] = KEYED_CREATES.flatMap((kind) =>
        Array.from({ length: CREATES_PER_KIND }, (_, i) => ({ kind, key: `crash-${round}-${kind}-${i}` })),
      );
      all.push(...batch);
      const killAfter = 1 + Math.floor(Math.random() * (batch.length / 2));
      let answered = 0;
      let killed: Promise<unknown> | undefined;
      await Promise.all(
        batch.map(async (create) => {
          const answer = await sendKeyedCreate(fleet.url, merchant, create.kind, create.key).catch(
            () => undefined,
          );
          if (answer && answer.status >= 200 && answer.status < 300) create.first = answer;
          if (++answered === killAfter) killed = Promise.all(victims.map((name) => fleet.kill(name)));
        }),
      );
      await killed;
      for (const name of victims) await fleet.restart(name);
      answeredBeforeRetry += batch.filter((create) => create.first).length;

      for (const create of batch) {
        const retried = await retryKeyedCreate(fleet.url, merchant, create.kind, create.key);
        if (create.first) {
          expect({ key: create.key, identity: retried.identity, replayed: retried.replayed }).toEqual({
            key: create.key,
            identity: create.first.identity,
            replayed: true,
          });
        }
      }
    }

    const events: { type: string; data: Record<string, unknown> }[] = [];
    for await (const event of probe.ctx.eventStore.readAll()) events.push(event);
    const counts = createsPerKey(events, 'crash-');
    const duplicated = [...counts].filter(([, count]) => count > 1);
    process.stdout.write(
      `keyed creates under kill -9 (engines): ${all.length} keys, ${answeredBeforeRetry} answered before the kill, ` +
        `${[...counts.values()].reduce((sum, n) => sum + n, 0)} created, ${duplicated.length} duplicated\n`,
    );
    expect(duplicated).toEqual([]);
    expect(counts.size).toBe(all.length);
  }, 900_000);
});
