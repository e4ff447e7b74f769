import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AGGREGATES } from '@gw/domain';

/**
 * Events get their type in one place, `eventOf`/`foldStream` (packages/contracts): a stored or published
 * event is checked against its contract there and becomes a member of its aggregate's union. A cast
 * (`{ type, data } as PaymentEvent`) would hand the domain whatever the store or the topic holds,
 * unchecked, and the compiler could no longer tell a fold it is missing an event type.
 */
const ROOT = path.resolve(__dirname, '../..');
const PRODUCTION = ['packages', 'services', 'apps'];

const eventTypeNames = Object.values(AGGREGATES).flatMap((aggregate) => Object.keys(aggregate.eventTypes));

/**
 * The domain's event unions and the message of payments.events; each aggregate's own event types come
 * from its module.
 */
const UNION_NAMES = [
  'EventMessage',
  'AnyEvent',
  'DomainEvent',
  'PaymentEvent',
  'InvoiceEvent',
  'MerchantEvent',
  'SubscriptionPlanEvent',
  'SubscriptionEvent',
  'WalletEvent',
];

const EVENT_CASTS = [
  // `x as PaymentEvent`, `as unknown as MerchantEvent[]`, `as LateDepositReceived['data']`
  new RegExp(`\\bas\\s+(?:unknown\\s+as\\s+)?(?:${[...UNION_NAMES, ...eventTypeNames].join('|')})\\b`),
  // `{ type: stored.type, data: stored.data } as Anything`: an event rebuilt by hand and asserted
  /data:\s*[\w.]+\.data\s*\}\s*\)?\s*as\s/,
];

/** A line of a comment, which may name an event type after "as" in prose. */
const COMMENT = /^\s*(\*|\/\/|\/\*)/;

async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') files.push(...(await sourcesUnder(full)));
    else if (entry.isFile() && entry.name.endsWith('.ts')) files.push(full);
  }
  return files;
}

/** `<file>:<line>: <code>` for every event cast in the production sources (each unit's `src`) under `root`. */
async function eventCastsUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const floor of PRODUCTION) {
    const units = await readdir(path.join(root, floor), { withFileTypes: true }).catch(() => []);
    for (const unit of units.filter((entry) => entry.isDirectory())) {
      for (const file of await sourcesUnder(path.join(root, floor, unit.name, 'src'))) {
        const lines = (await readFile(file, 'utf8')).split('\n');
        lines.forEach((line, i) => {
          if (COMMENT.test(line)) return;
          if (EVENT_CASTS.some((cast) => cast.test(line))) {
            found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
          }
        });
      }
    }
  }
  return found;
}

describe('events get their type at the boundary, never by cast', () => {
  it('finds no event cast in production code', async () => {
    expect(await eventCastsUnder(ROOT)).toEqual([]);
  });

  describe('on a planted cast', () => {
    let root: string;
    beforeEach(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'event-casts-'));
      await mkdir(path.join(root, 'services', 'planted', 'src'), { recursive: true });
    });
    afterEach(() => rm(root, { recursive: true, force: true }));

    const plant = (code: string) => writeFile(path.join(root, 'services', 'planted', 'src', 'x.ts'), code);

    it.each([
      ['a rebuilt event', 'const e = { type: stored.type, data: stored.data } as PaymentEvent;'],
      ['a rebuilt event as any name', 'const e = ({ type: m.type, data: m.data }) as Whatever;'],
      ['an array of events', 'const events = history as unknown as MerchantEvent[];'],
      ['one event type', "const late = event.data as LateDepositReceived['data'];"],
      ['the union of all', 'return decided as AnyEvent[];'],
      ['a consumed message', 'const event = message.value as EventMessage;'],
    ])('fails on %s', async (_name, code) => {
      await plant(`${code}\n`);
      expect(await eventCastsUnder(root)).toEqual([`services/planted/src/x.ts:1: ${code}`]);
    });

    it('lets the typed reads through', async () => {
      await plant('const m = eventMessageOf(message.value);\nconst e = eventOf(stored, paymentAggregate);\n');
      expect(await eventCastsUnder(root)).toEqual([]);
    });
  });
});
