import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { streamIdOf } from '@gw/domain';
import { JsonlEventStore } from '@gw/store';
import { paidLifecycle, paymentTerms, toNewEvent } from '../../support/payment-events';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../../..');

/** `gateway replay <args>` with no terminal: standard input and error are pipes. */
const replay = (args: string[]) =>
  run(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/gateway/src/cli.ts'), 'replay', ...args],
    {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      timeout: 60_000,
    },
  );

/** `gateway replay` as a user runs it, on the embedded event store in DATA_DIR. */
let dataDir: string;

describe('gateway replay (embedded)', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-replay-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('rebuilds the read models from the event log and reports what it replayed', async () => {
    const store = await JsonlEventStore.open({ directory: dataDir });
    for (const paymentId of [8_200_000_001, 8_200_000_002]) {
      const terms = paymentTerms(paymentId);
      const events = paidLifecycle(terms).map((event) => toNewEvent(event, terms.merchantId));
      await store.append(streamIdOf('payment', paymentId), 0, events);
    }
    await store.close();

    const unconfirmed = await replay([]).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(unconfirmed?.code).toBe(2);
    expect(unconfirmed?.stderr).toContain(
      `gateway replay would drop the read models of the embedded store in ${dataDir} and rebuild them from its 14 events; with no terminal to ask on, confirm with --yes`,
    );

    const { stdout } = await replay(['--yes']);

    expect(stdout).toMatch(/^Replayed 14 events into the read models in \d+ ms$/m);
    expect(stdout).toMatch(/^ {2}payments: 2$/m);
    expect(stdout).toMatch(/^ {2}invoices: 0$/m);
  });
});
