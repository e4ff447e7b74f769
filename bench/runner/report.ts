import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './scenario';
import { STORE_HEAP_NODE_ARGS } from './system';

export interface MachineFacts {
  cpus: number;
  cpuModel: string;
  node: string;
  platform: string;
}

export interface ScenarioResult {
  scenario: string;
  title: string;
  target: string;
  measuredAt: string;
  machine: MachineFacts;
  /** Payments in the store while it ran (null for scenarios that bring their own store). */
  storedPayments: number | null;
  status: 'measured' | 'unavailable' | 'failed';
  /** Why a target could not run it, or what stopped it (`failed`). */
  reason?: string;
  settings?: { connections: number; durationSeconds: number; warmupSeconds: number };
  measurement?: Measurement;
  /** Requests per second over the baseline's in the same run. */
  baselineRatio?: number | null;
  /** CPU time per request of the system under test, ms (user + system, measured window only). */
  cpuMsPerRequest?: number | null;
  /** The baseline's CPU ms per request over this scenario's: the throughput ratio without the noise of a shared machine. */
  baselineCpuRatio?: number | null;
  /** Engines target: CPU ms per request of the engines' servers (Kafka, FerretDB, Redis), not in cpuMsPerRequest. */
  engineCpuMsPerRequest?: number;
  /** Engines target: how the services ran. */
  topology?: string;
}

export function machineFacts(): MachineFacts {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

export async function writeResult(directory: string, result: ScenarioResult): Promise<void> {
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, `${result.scenario}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

/** Rebuilds README.md from every result file in the folder, so a partial run keeps the other rows. */
export async function writeReadme(directory: string, order: readonly string[]): Promise<string> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.json'));
  const results: ScenarioResult[] = [];
  for (const file of files)
    results.push(JSON.parse(await readFile(path.join(directory, file), 'utf8')) as ScenarioResult);
  const rank = (name: string) => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  results.sort((a, b) => rank(a.scenario) - rank(b.scenario) || a.scenario.localeCompare(b.scenario));
  const engines = path.basename(directory) === 'engines' ? '' : await enginesSection(directory, rank);
  const text = renderReadme(results) + engines;
  await writeFile(path.join(directory, 'README.md'), text);
  return text;
}

/**
 * The engines target's table for the main page, from results/engines/*.json, followed by
 * results/engines/FINDINGS.md (what dominates there, written by whoever profiled it).
 */
async function enginesSection(directory: string, rank: (name: string) => number): Promise<string> {
  const folder = path.join(directory, 'engines');
  const files = await readdir(folder).catch(() => [] as string[]);
  const results: ScenarioResult[] = [];
  for (const file of files.filter((name) => name.endsWith('.json')))
    results.push(JSON.parse(await readFile(path.join(folder, file), 'utf8')) as ScenarioResult);
  if (results.length === 0) return '';
  results.sort((a, b) => rank(a.scenario) - rank(b.scenario) || a.scenario.localeCompare(b.scenario));
  const findings = await readFile(path.join(folder, 'FINDINGS.md'), 'utf8').catch(() => '');
  return [
    '',
    '## On the real engines (`pnpm bench --target engines`)',
    '',
    ...ENGINES_INTRO,
    'Same baseline as above, measured in the same run. Details: bench/results/engines/.',
    '',
    ...tableLines(results),
    '',
    ...notes(results),
    findings.trim(),
    '',
  ].join('\n');
}

const ENGINES_INTRO = [
  'Every service in its own process (`SERVICE=<name> gateway start`, the fleet of test/support/fleet.ts) on',
  'Kafka, FerretDB 1.24 (MongoDB wire) on PostgreSQL, and Redis, in a fresh namespace (database, topic and key',
  'prefix) per fleet, deleted afterwards; load through the path proxy (the Ingress stand-in, its own process).',
  'Peak RSS: sum over our processes (12 services + proxy) with the largest named / sum over the engines',
  "servers / load generator; CPU ms/req counts our processes only (the engines' is in the JSON,",
  '`engineCpuMsPerRequest`: Kafka, FerretDB, Redis, and PostgreSQL with the backends it forks per connection,',
  'sampled from the 2026-11-28 evening runs on). Stored payments of the list scenarios were created through',
  'POST /v1/payment (as many as fitted in `--seed-seconds`); `loadAverage1m` in the JSON shows how busy the',
  "machine was. A fleet nothing has warmed (no seeding) gets 30 s of the scenario's load before it is measured",
  '(`--warmup`; its first seconds cost about twice the CPU per request), so a create measured "at 0 stored"',
  'starts with the payments of its warm-up stored.',
];

function renderReadme(results: ScenarioResult[]): string {
  const measured = results.filter((result) => result.status === 'measured' && result.measurement);
  const machine = measured[0]?.machine;
  const dates = measured.map((result) => result.measuredAt).sort();
  const lines = [
    '# Benchmark results',
    '',
    'Produced by `pnpm bench` (bench/run.ts); one JSON file per scenario next to this page. Run',
    '`pnpm bench [scenario|growth ...] [--quick] [--sizes 10000,100000,1000000] [--target embedded|engines]',
    '[--duration s] [--warmup s] [--connections n] [--profile]`; `--profile` writes CPU profiles of the gateway to bench/profiles/.',
    machine
      ? `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), node ${machine.node}, ${machine.platform}. ` +
        `Measured ${dates[0]?.slice(0, 16)}Z to ${dates.at(-1)?.slice(0, 16)}Z.`
      : '',
    '',
    'The gateway runs in its own process (`gateway start`, embedded adapters, LOG_LEVEL=warn) and autocannon',
    'runs in the runner process. The baseline is bare express on the same port parsing the same JSON body and',
    "validating it with the gateway's V1 create-payment ajv validator, answering a fixed body. Ratio = requests/s",
    'over the baseline requests/s of the same run. Errors = non-2xx answers + socket errors. Peak RSS = largest',
    'VmRSS sampled (every 100 ms) while the scenario ran; the JSON also has each process lifetime VmHWM.',
    'CPU ms/req = CPU time (user + system, /proc/<pid>/stat) the system under test used in the measured window',
    'per request; CPU ratio = baseline CPU ms/req over the scenario CPU ms/req. The machine is shared with other',
    'work, so requests/s move from run to run; the CPU ratio is the steadier of the two.',
    ...(results.some((result) => result.target === 'engines')
      ? ['', 'Target engines:', ...ENGINES_INTRO]
      : []),
    '',
    ...tableLines(results),
  ];
  lines.push('', ...notes(results), '');
  return lines.join('\n');
}

function tableLines(results: ScenarioResult[]): string[] {
  const lines = [
    '| Scenario | Target | Stored payments | Requests/s | p50 ms | p99 ms | max ms | Errors | Peak RSS MB (SUT / load gen.) | CPU ms/req | Ratio to baseline | CPU ratio |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const result of results) {
    const m = result.measurement;
    if (result.status !== 'measured' || !m) {
      const why = result.status === 'failed' ? 'failed' : 'not available in this build';
      lines.push(`| ${result.title} | ${result.target} | | ${why}: ${result.reason ?? ''} | | | | | | | | |`);
      continue;
    }
    const [sut, generator] = [Object.values(m.memory)[0], m.memory['load generator']];
    // Engine servers are sampled as `<engine> (<command>)`.
    const engineNames =
      (m.extra?.engineProcesses as string[] | undefined) ??
      Object.keys(m.memory).filter((name) => / \(.+\)$/.test(name));
    const rss =
      result.target === 'engines'
        ? fleetRss(m, engineNames)
        : `${sut?.peakRssMb ?? ''} / ${generator?.peakRssMb ?? ''}`;
    const ratio =
      typeof m.extra?.baselineRatio === 'number' ? `${m.extra.baselineRatio}*` : (result.baselineRatio ?? '');
    lines.push(
      `| ${result.title} | ${result.target} | ${result.storedPayments?.toLocaleString('en') ?? ''} | ${m.requestsPerSecond} | ` +
        `${m.latencyMs.p50} | ${m.latencyMs.p99} | ${m.latencyMs.max} | ${m.non2xx + m.socketErrors} | ` +
        `${rss} | ${result.cpuMsPerRequest ?? ''} | ${ratio} | ${result.baselineCpuRatio ?? ''} |`,
    );
  }
  return lines;
}

/** `Σ ours (largest: name n) / Σ engines / load generator` for a fleet's many processes. */
function fleetRss(m: Measurement, engines: string[]): string {
  const ours = Object.entries(m.memory).filter(
    ([name]) => name !== 'load generator' && !engines.includes(name),
  );
  const [largestName, largest] = ours.reduce((a, b) => (b[1].peakRssMb > a[1].peakRssMb ? b : a));
  const sum = (entries: [string, { peakRssMb: number }][]) =>
    Math.round(entries.reduce((total, [, reading]) => total + reading.peakRssMb, 0));
  const engineEntries = Object.entries(m.memory).filter(([name]) => engines.includes(name));
  return `${sum(ours)} (largest ${largestName} ${largest.peakRssMb}) / ${sum(engineEntries)} / ${m.memory['load generator']?.peakRssMb ?? ''}`;
}

function notes(results: ScenarioResult[]): string[] {
  const notes: string[] = [];
  const sandbox = results.find((result) => result.scenario === 'sandbox-lifecycle')?.measurement?.extra;
  if (sandbox) {
    const lag = sandbox.projectionLagMs as Record<string, { p50: number; p99: number; max: number }>;
    const pollMs = typeof sandbox.statusPollMs === 'number' ? sandbox.statusPollMs : 10;
    notes.push(
      `Sandbox lifecycle: requests/s is payments walked from the deposit to \`finished\` per second, latency is the`,
      `deposit request's. Projection lag (deposit request → read model shows the new status): first new status`,
      `p50 ${lag.firstNewStatus?.p50} ms / p99 ${lag.firstNewStatus?.p99} ms; \`finished\` p50 ${lag.finished?.p50} ms / p99 ${lag.finished?.p99} ms`,
      `(each worker polls its payment every ${pollMs} ms, so lags are within ~${pollMs} ms).`,
      ...(typeof sandbox.firstFailure === 'string'
        ? [
            `${String(sandbox.finished)} of ${String(sandbox.payments)} finished; first failure: ${sandbox.firstFailure}.`,
          ]
        : []),
      '',
    );
  }
  if (results.some((result) => result.scenario === 'notifier'))
    notes.push(
      '\\* Notifier: its baseline is the bare node HTTP client posting the same webhooks to the same receiver in the',
      'same run; latency is the delay from the status change to the delivery.',
      '',
    );
  const growth = results.filter((result) => result.scenario.startsWith('growth-') && result.measurement);
  if (growth.length > 0) {
    notes.push(
      'Growth (latency should stay flat as the store grows; CPU ms/req is the figure the load on the machine does not move):',
      '',
      '| Stored payments | Read req/s | Read p50 / p99 ms | Read CPU ms/req | List req/s | List p50 / p99 ms | List CPU ms/req | Gateway start (replay) s | Gateway peak RSS MB | Seeded in s (seeder peak RSS MB) |',
      '|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    );
    const sizes = [...new Set(growth.map((result) => result.storedPayments ?? 0))].sort((a, b) => a - b);
    for (const size of sizes) {
      const readResult = growth.find((result) => result.scenario === `growth-read-${size}`);
      const listResult = growth.find((result) => result.scenario === `growth-list-${size}`);
      const [read, list] = [readResult?.measurement, listResult?.measurement];
      const start = (read ?? list)?.extra?.gatewayStartSeconds ?? '';
      const seeding = (read ?? list)?.extra?.seeding as
        { seconds?: number; seederPeakRssMb?: number } | undefined;
      const peakRss = Math.max(...[read, list].map((m) => m?.memory.gateway?.peakRssMb ?? 0));
      notes.push(
        `| ${size.toLocaleString('en')} | ${read?.requestsPerSecond ?? ''} | ${read ? `${read.latencyMs.p50} / ${read.latencyMs.p99}` : ''} | ` +
          `${readResult?.cpuMsPerRequest ?? ''} | ${list?.requestsPerSecond ?? ''} | ` +
          `${list ? `${list.latencyMs.p50} / ${list.latencyMs.p99}` : ''} | ${listResult?.cpuMsPerRequest ?? ''} | ${start} | ` +
          `${peakRss || ''} | ${seeding?.seconds !== undefined ? `${Math.round(seeding.seconds)} (${seeding.seederPeakRssMb ?? ''})` : ''} |`,
      );
    }
    const creates: [string, string][] = [
      ['growth-create', 'V1 create'],
      ['growth-alpha-create', 'Family A create'],
      ['growth-beta-create', 'Family B create'],
      ['growth-read', 'V1 read by id'],
    ];
    if (growth.some((result) => /^growth-(alpha-|beta-)?create-/.test(result.scenario))) {
      notes.push(
        '',
        'Growth of creates and reads by id: CPU ms per request (requests/s, p99 ms), and the spread over the store sizes',
        '(largest CPU ms/req over smallest; the goal is within 1.2):',
        '',
        `| Request | ${sizes.map((size) => `${size.toLocaleString('en')} stored`).join(' | ')} | Spread |`,
        `|---|${sizes.map(() => '--:|').join('')}--:|`,
      );
      for (const [prefix, label] of creates) {
        const row = sizes.map((size) => growth.find((result) => result.scenario === `${prefix}-${size}`));
        const cpus = row.flatMap((result) => (result?.cpuMsPerRequest ? [result.cpuMsPerRequest] : []));
        const cells = row.map((result) =>
          result?.measurement
            ? `${result.cpuMsPerRequest ?? ''} (${result.measurement.requestsPerSecond}/s, ${result.measurement.latencyMs.p99})`
            : '',
        );
        const spread = cpus.length > 1 ? (Math.max(...cpus) / Math.min(...cpus)).toFixed(2) : '';
        notes.push(`| ${label} | ${cells.join(' | ')} | ${spread} |`);
      }
    }
    notes.push(
      '',
      'The embedded gateway rebuilds its read models in memory at start; its event store keeps stream heads and',
      'line positions, not events (packages/store/README.md). Opened on a store of 1,000,000 seeded payments',
      'and rebuilt, they hold 1.34 GB of live heap (0.17 KB per payment the event store, 1.2 KB the read models',
      'with their indexes; heap used after a full GC in a process doing only that). The runs in the table came',
      'just before the indexes stopped building a key string per document, at 1.64 GB. So that the run does not',
      "depend on node's default heap limit, which follows the machine's memory (4 GB on this 24 GiB machine),",
      `the gateway and the seeder the runner starts get \`${STORE_HEAP_NODE_ARGS.join(' ')}\``,
      '(bench/runner/system.ts). The seeder appends through the payments CommandHandler (bench/children/seed-payments.ts).',
      '',
    );
  }
  return notes;
}
