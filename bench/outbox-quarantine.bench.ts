/**
 * The outbox relay with an unpublishable commit in the event store (issue 22's plan stored with amount
 * "Infinity" before appends were checked), next to the same run without it. Prints one JSON object.
 * Run: `npx tsx bench/outbox-quarantine.bench.ts [--runs 5]`.
 *
 * Per run: a fresh embedded gateway in-process (as `gateway start`) over a data directory that holds the
 * planted commit (or not); then another merchant opens a V1 payment with an IPN URL and pays it in full.
 * Reported: when the planted commit was quarantined (from the start call), the delay from the create
 * to its `waiting` IPN and from the deposit to its `confirmed` IPN, and what the relay logged. Also the
 * size of the codec's schema error for the planted event, now and as the whole ajv report it used to be.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Writable } from 'node:stream';
import { SchemaValidatingJsonCodec } from '../packages/bus/src';
import {
  EVENT_MESSAGE_SCHEMA,
  TOPIC_SCHEMAS,
  TOPICS,
  ajv,
  describeErrors,
  toEventMessage,
} from '../packages/contracts/src';
import { createLogger } from '../packages/platform/src';
import { unpublishablePlanCreated } from '../test/support/unpublishable-commit';
import { ANY_EVENT, JsonlEventStore, type StoredEvent } from '../packages/store/src';
import { PaymentDriver } from '../test/e2e/notifier/support/notifier-harness';
import { startTestGateway } from '../test/support/gateway';

const PLAN_STREAM = 'plan-900009';
const plantedEvent = () => unpublishablePlanCreated(900009);

interface RunFigures {
  quarantinedAfterMs: number | null;
  waitingIpnMs: number;
  confirmedIpnMs: number;
  relayLogLines: number;
  relayLogBytes: number;
}

async function run(planted: boolean): Promise<RunFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'quarantine-bench-'));
  const ipns: { status: string; at: number }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      ipns.push({
        status: JSON.parse(Buffer.concat(chunks).toString('utf8')).payment_status,
        at: performance.now(),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ipn`;
  const relayLines: string[] = [];
  const logs = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        if (line.includes('"component":"outbox-relay"')) relayLines.push(line);
      done();
    },
  });
  try {
    if (planted) {
      const old = await JsonlEventStore.open({ directory: dataDir, eventSchema: ANY_EVENT });
      await old.append(PLAN_STREAM, 0, [plantedEvent()]);
      await old.close();
    }
    const startedAt = performance.now();
    let quarantinedAt: number | null = null;
    const gateway = await startTestGateway({
      dataDir,
      logger: createLogger({ level: 'info', destination: logs }),
    });
    try {
      const store = gateway.gateway.ctx.eventStore;
      if (planted) {
        while ((await store.quarantinedCommits()).length === 0) await new Promise((r) => setTimeout(r, 1));
        quarantinedAt = performance.now();
      }
      const merchant = await gateway.createMerchant('Next merchant');
      const driver = new PaymentDriver(gateway);
      const openedAt = performance.now();
      const terms = await driver.open('v1', merchant, url);
      const waiting = await arrival(ipns, 'waiting');
      const paidAt = performance.now();
      await driver.payInFull(terms);
      const confirmed = await arrival(ipns, 'confirmed');
      return {
        quarantinedAfterMs: quarantinedAt === null ? null : round(quarantinedAt - startedAt),
        waitingIpnMs: round(waiting - openedAt),
        confirmedIpnMs: round(confirmed - paidAt),
        relayLogLines: relayLines.length,
        relayLogBytes: relayLines.reduce((sum, line) => sum + Buffer.byteLength(line), 0),
      };
    } finally {
      await gateway.stop();
    }
  } finally {
    receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function arrival(ipns: { status: string; at: number }[], status: string): Promise<number> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const found = ipns.find((ipn) => ipn.status === status);
    if (found) return found.at;
    if (performance.now() > deadline) throw new Error(`no ${status} IPN within 30 s`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** The codec's schema error for the planted event: bounded now, and the whole ajv report it used to carry. */
function schemaErrorSizes(): { nowBytes: number; wholeReportBytes: number; violations: number } {
  const message = toEventMessage({ ...plantedEvent(), streamId: PLAN_STREAM, version: 1 } as StoredEvent);
  const validate = ajv.compile({ ...EVENT_MESSAGE_SCHEMA, $id: undefined });
  validate(message);
  let now = '';
  try {
    new SchemaValidatingJsonCodec(TOPIC_SCHEMAS).encode(TOPICS.events, message);
  } catch (error) {
    now = (error as Error).message;
  }
  const whole = `message on topic ${TOPICS.events} does not match its schema (encode): ${describeErrors(validate.errors)}`;
  return {
    nowBytes: Buffer.byteLength(now),
    wholeReportBytes: Buffer.byteLength(whole),
    violations: validate.errors?.length ?? 0,
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { runs: { type: 'string', default: '5' } },
  });
  const runs = Number(values.runs);
  const results: Record<string, RunFigures[]> = { planted: [], clean: [] };
  for (let i = 0; i < runs; i++) {
    results.planted!.push(await run(true));
    results.clean!.push(await run(false));
  }
  const summary = Object.fromEntries(
    Object.entries(results).map(([mode, figures]) => [
      mode,
      {
        runs: figures,
        median: {
          quarantinedAfterMs: mode === 'planted' ? median(figures.map((f) => f.quarantinedAfterMs!)) : null,
          waitingIpnMs: median(figures.map((f) => f.waitingIpnMs)),
          confirmedIpnMs: median(figures.map((f) => f.confirmedIpnMs)),
        },
      },
    ]),
  );
  process.stdout.write(`${JSON.stringify({ ...summary, schemaError: schemaErrorSizes() }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
