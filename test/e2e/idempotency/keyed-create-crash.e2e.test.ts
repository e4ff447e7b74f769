import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedGatewayProcess, type DemoMerchantKeys } from '../../support/embedded-gateway-process';
import {
  createsPerKey,
  KEYED_CREATES,
  retryKeyedCreate,
  sendKeyedCreate,
  type KeyedAnswer,
  type KeyedCreateKind,
} from '../../support/keyed-creates';

const ROUNDS = 4;
const CREATES_PER_KIND = 6;
// A crashed attempt's lock lives 2 × REQUEST_TIMEOUT_MS + 5 s: short, so retries resume soon.
const ENV = { REQUEST_TIMEOUT_MS: '1000', SANDBOX_ENABLED: 'true' };

interface Keyed {
  kind: KeyedCreateKind;
  key: string;
  first?: KeyedAnswer;
}

/** Every event of the embedded store, read from its file after the gateway is gone. */
async function storedEvents(dataDir: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const text = await readFile(path.join(dataDir, 'commits.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        const record = JSON.parse(line) as { events?: { type: string; data: Record<string, unknown> }[] };
        return record.events ?? [];
      } catch {
        return []; // a line torn by kill -9, which the store drops at open
      }
    });
}

describe('keyed creates under kill -9 (embedded gateway)', () => {
  let dataDir: string;
  let running: EmbeddedGatewayProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-keyed-crash-'));
  });

  afterAll(async () => {
    await running?.kill('SIGKILL').catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates every keyed payment and invoice once, and a retry replays what the crashed attempt committed', async () => {
    running = await EmbeddedGatewayProcess.start(dataDir, true, ENV);
    const keys: DemoMerchantKeys = running.demoMerchant!;
    const all: Keyed[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const batch: Keyed[] = KEYED_CREATES.flatMap((kind) =>
        Array.from({ length: CREATES_PER_KIND }, (_, i) => ({ kind, key: `crash-${round}-${kind}-${i}` })),
      );
      all.push(...batch);
      // kill -9 lands when a random number of creates has been answered: inside the burst, with
      // some creates answered, some appended but unanswered, some not yet begun.
      const killAfter = 1 + Math.floor(Math.random() * (batch.length / 2));
      let answered = 0;
      const gateway = running;
      let killed: Promise<void> | undefined;
      await Promise.all(
        batch.map(async (create) => {
          const answer = await sendKeyedCreate(gateway.url, keys, create.kind, create.key).catch(
            () => undefined,
          );
          if (answer && answer.status >= 200 && answer.status < 300) create.first = answer;
          if (++answered === killAfter) killed = gateway.kill('SIGKILL');
        }),
      );
      await killed;
      running = await EmbeddedGatewayProcess.start(dataDir, false, ENV);

      for (const create of batch) {
        const retried = await retryKeyedCreate(running.url, keys, create.kind, create.key);
        if (create.first) {
          expect({ key: create.key, identity: retried.identity, replayed: retried.replayed }).toEqual({
            key: create.key,
            identity: create.first.identity,
            replayed: true,
          });
        }
        // Asked once more, the stored answer comes back.
        const again = await sendKeyedCreate(running.url, keys, create.kind, create.key);
        expect({ key: create.key, identity: again.identity, replayed: again.replayed }).toEqual({
          key: create.key,
          identity: retried.identity,
          replayed: true,
        });
      }
    }

    await running.kill('SIGKILL');
    running = undefined;
    const counts = createsPerKey(await storedEvents(dataDir), 'crash-');
    const duplicated = [...counts].filter(([, count]) => count > 1);
    process.stdout.write(
      `keyed creates under kill -9 (embedded): ${all.length} keys, ${all.filter((c) => c.first).length} answered ` +
        `before the kill, ${[...counts.values()].reduce((sum, n) => sum + n, 0)} created, ${duplicated.length} duplicated\n`,
    );
    expect(duplicated).toEqual([]);
    expect(counts.size).toBe(all.length);
  }, 600_000);
});
