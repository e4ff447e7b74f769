/**
 * `pnpm bench [scenario|group ...] [--quick] [--target embedded|engines] [--sizes 10000,100000,1000000] [--profile]`
 * (`--report-only` rebuilds README.md from the result files without measuring)
 *
 * Starts the gateway as a child process (`gateway start` with a fresh DATA_DIR, PORT and ADMIN_TOKEN),
 * creates its merchant over the admin API, seeds stored payments where a scenario needs them, and loads
 * it with autocannon from this process. A bare express baseline runs on the same port first; every
 * scenario is reported as a ratio to it. Results: bench/results/<scenario>.json and README.md
 * (--quick writes to bench/results/quick/, the engines target to .../engines/). `--warmup s` loads each
 * scenario that long before measuring it (default 3; 30 on a fleet not warmed by seeding; --quick 1). `--traced` turns
 * OpenTelemetry tracing on in the gateway, exporting every span to an OTLP sink in this process
 * (results in .../traced/), to price tracing against an untraced run.
 *
 * The engines target (`--target engines`: the engines KAFKA_BROKERS, MONGODB_URL and REDIS_URL name, else
 * the local ones of scripts/infra, started for the run and stopped after it if they were stopped) runs every service in its own process on the real engines behind the path proxy (the fleet), in a
 * fresh namespace per gateway start, seeds list scenarios through the API (`--list-stored`, default
 * 10,000, or as many as `--seed-seconds` allow, default 120) and samples every service, the proxy and the engines' servers. `--profile-service NAME`
 * picks the one service `--profile` profiles there (default payments).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Child, MemorySampler, REPO_ROOT } from './runner/child-process';
import { runLoad, round, type LoadFigures } from './runner/load';
import { machineFacts, writeReadme, writeResult, type ScenarioResult } from './runner/report';
import type { Measurement, RunSettings, Scenario, ScenarioContext, SystemScenario } from './runner/scenario';
import { FleetSystem } from './runner/fleet-system';
import { enginesAnswer } from '../test/support/engines/engine-probes';
import { infraScript, startLocalEngines } from '../test/support/engines/local-engines';
import {
  STORE_HEAP_NODE_ARGS,
  SystemUnderTest,
  TargetUnavailableError,
  waitUntilReady,
  type System,
  type Target,
} from './runner/system';
import { allScenarios } from './scenarios';
import { ENGINES_LIST_STORED_PAYMENTS, LIST_STORED_PAYMENTS } from './scenarios/http-scenarios';
import { createPayments, v1CreatePayment } from './scenarios/requests';
import { freeLoopbackPort } from '../packages/platform/src/free-port';
import { startOtlpSink } from './runner/otlp-sink';

const DEFAULT_SIZES = [10_000, 100_000, 1_000_000];
const ENGINES_TOPOLOGY =
  'every service its own process (SERVICE=<name>) on Kafka, FerretDB (MongoDB wire) and Redis, behind the path proxy';
const ENGINE_VARIABLES = ['KAFKA_BROKERS', 'MONGODB_URL', 'REDIS_URL', 'SCHEMA_REGISTRY_URL'] as const;

function parseFlags() {
  return parseArgs({
    allowPositionals: true,
    options: {
      quick: { type: 'boolean', default: false },
      target: { type: 'string', default: 'embedded' },
      sizes: { type: 'string' },
      profile: { type: 'boolean', default: false },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      'report-only': { type: 'boolean', default: false },
      'list-stored': { type: 'string' },
      'profile-service': { type: 'string', default: 'payments' },
      'seed-seconds': { type: 'string' },
      traced: { type: 'boolean', default: false },
    },
  });
}

type BenchFlags = ReturnType<typeof parseFlags>['values'];

async function main(): Promise<void> {
  const { values, positionals } = parseFlags();
  const quick = values.quick ?? false;
  const baseEnv = pick(['PATH', 'HOME', 'TMPDIR']);
  const settings: RunSettings = {
    durationSeconds: positiveInteger(values.duration, quick ? 3 : 10, '--duration'),
    warmupSeconds: positiveInteger(values.warmup, quick ? 1 : 3, '--warmup'),
    // A fresh fleet is thirteen cold processes: its first seconds cost twice the CPU per create of the
    // steady state (JIT, connections, consumer groups joining). Seeding through the API warms it too.
    freshFleetWarmupSeconds: positiveInteger(values.warmup, quick ? 1 : 30, '--warmup'),
    connections: positiveInteger(values.connections, 32, '--connections'),
    // On the engines every payment walked is first created over the API, at the engines' pace.
    sandboxPayments: quick ? 200 : values.target === 'engines' ? 100 : 2000,
    statusPollMs: values.target === 'engines' ? 250 : 10,
    // Payments on FerretDB handles a few commands per second: more in flight time out (504 after 10 s).
    createConcurrency: values.target === 'engines' ? 4 : 16,
    notifierPayments: quick ? 500 : 2000,
    quick,
    baseEnv,
  };
  const { target, release } = await targetOf(values.target ?? 'embedded');
  const sink = values.traced ? await startOtlpSink() : undefined;
  try {
    const traced: Target = sink
      ? { ...target, env: { ...target.env, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: sink.url } }
      : target;
    await runBench(values, positionals, settings, traced);
    if (sink) log(`tracing: ${sink.exports()} OTLP exports received`);
  } finally {
    await sink?.close();
    await release();
  }
}

async function runBench(
  values: BenchFlags,
  positionals: string[],
  settings: RunSettings,
  target: Target,
): Promise<void> {
  const quick = settings.quick;
  const onEngines = target.name === 'engines';
  // Growth on the engines would seed 100,000s of payments through the API: only when asked for.
  const sizes = values.sizes
    ? values.sizes.split(',').map((size) => positiveInteger(size, 0, '--sizes'))
    : onEngines
      ? []
      : quick
        ? [10_000]
        : DEFAULT_SIZES;
  const listStored = positiveInteger(
    values['list-stored'],
    onEngines ? ENGINES_LIST_STORED_PAYMENTS : LIST_STORED_PAYMENTS,
    '--list-stored',
  );
  const seedBudgetSeconds = positiveInteger(values['seed-seconds'], quick ? 20 : 120, '--seed-seconds');
  // The notifier benchmark starts its own embedded gateway; it says nothing about the engines.
  const scenarios = select(allScenarios(sizes, listStored), positionals).filter(
    (scenario) => !onEngines || scenario.kind === 'system',
  );
  const order = allScenarios(sizes, listStored).map((scenario) => scenario.name);
  const resultsDir = path.join(
    REPO_ROOT,
    'bench',
    'results',
    ...(quick ? ['quick'] : []),
    ...(onEngines ? ['engines'] : []),
    ...(values.traced ? ['traced'] : []),
  );
  const mainResultsDir = path.join(REPO_ROOT, 'bench', 'results');
  const profileDir = values.profile
    ? path.join(REPO_ROOT, 'bench', 'profiles', new Date().toISOString().replace(/[:.]/g, '-'))
    : undefined;
  if (values['report-only']) {
    process.stdout.write(await writeReadme(resultsDir, ['baseline', ...order]));
    if (resultsDir !== mainResultsDir) await writeReadme(mainResultsDir, ['baseline', ...order]);
    return;
  }
  const port = await freeLoopbackPort();
  const machine = machineFacts();
  const record = async (
    scenario: Scenario,
    fields: Partial<ScenarioResult> & Pick<ScenarioResult, 'status'>,
  ) => {
    const result: ScenarioResult = {
      scenario: scenario.name,
      title: scenario.title,
      target: target.name,
      measuredAt: new Date().toISOString(),
      machine,
      storedPayments: scenario.kind === 'system' ? scenario.storedPayments : null,
      ...(onEngines ? { topology: ENGINES_TOPOLOGY } : {}),
      ...fields,
    };
    await writeResult(resultsDir, result);
    log(`${scenario.name}: ${summary(result)}`);
  };

  const systemScenarios = scenarios.filter(
    (scenario): scenario is SystemScenario => scenario.kind === 'system',
  );
  let baselineRps: number | null = null;
  let baselineCpu: number | null = null;
  if (systemScenarios.length > 0 || positionals.includes('baseline')) {
    const baseline = await measureBaseline(port, settings);
    baselineRps = baseline.requestsPerSecond;
    baselineCpu = cpuMsPerRequest(baseline);
    await writeResult(resultsDir, {
      scenario: 'baseline',
      title: 'Baseline: bare express, same JSON parse + V1 ajv validation, fixed body',
      target: 'baseline',
      measuredAt: new Date().toISOString(),
      machine,
      storedPayments: null,
      status: 'measured',
      settings: settingsOf(settings),
      measurement: baseline,
      baselineRatio: 1,
      cpuMsPerRequest: baselineCpu,
      baselineCpuRatio: 1,
    });
    log(
      `baseline: ${baseline.requestsPerSecond} req/s, p50 ${baseline.latencyMs.p50} ms, p99 ${baseline.latencyMs.p99} ms`,
    );
  }

  for (const [storedPayments, group] of byStoreSize(systemScenarios)) {
    log(`starting the gateway (${target.name}) for ${group.map((s) => s.name).join(', ')}`);
    let system: System;
    try {
      system = onEngines
        ? await FleetSystem.start({
            env: { ...settings.baseEnv, ...target.env },
            profile: profileDir ? { service: values['profile-service']!, profileDir } : undefined,
          })
        : await SystemUnderTest.start({ target, port, baseEnv: settings.baseEnv, profileDir });
    } catch (error) {
      if (!(error instanceof TargetUnavailableError)) throw error;
      for (const scenario of group) await record(scenario, { status: 'unavailable', reason: error.message });
      continue;
    }
    try {
      if (system instanceof FleetSystem)
        log(`fleet ready in ${round(system.startSeconds)} s (${system.namespace})`);
      let seeding;
      try {
        seeding =
          storedPayments === 0
            ? undefined
            : system instanceof SystemUnderTest
              ? await seed(system, storedPayments, settings.baseEnv)
              : await seedThroughApi(system, storedPayments, seedBudgetSeconds, settings.createConcurrency);
      } catch (error) {
        if (!onEngines) throw error;
        const reason = `seeding failed: ${firstLine(error)}`;
        for (const scenario of group) await record(scenario, { status: 'failed', reason });
        continue;
      }
      for (const scenario of group) {
        log(`running ${scenario.name}`);
        let measurement: Measurement;
        try {
          const warmupSeconds =
            onEngines && seeding === undefined ? settings.freshFleetWarmupSeconds : settings.warmupSeconds;
          measurement = await scenario.run(contextFor(system, { ...settings, warmupSeconds }));
        } catch (error) {
          // On the engines an overloaded run can time out (504); the other scenarios still run.
          if (!onEngines) throw error;
          await record(scenario, { status: 'failed', reason: firstLine(error) });
          await drained(system);
          continue;
        }
        if (onEngines) await drained(system);
        measurement.extra = {
          ...measurement.extra,
          // The 1-minute load average as the scenario ended: how much else the shared 2-core machine ran.
          loadAverage1m: round(loadavg()[0] ?? 0, 1),
          ...(system.engines.length > 0 ? { engineProcesses: system.engines } : {}),
          gatewayStartSeconds: round(system.startSeconds),
          ...(seeding ? { seeding } : {}),
        };
        await record(scenario, {
          status: 'measured',
          settings: settingsOf(settings),
          measurement,
          baselineRatio: baselineRps ? ratioOf(measurement.requestsPerSecond, baselineRps) : null,
          ...cpuFigures(measurement, system.engines, baselineCpu),
          // Seeded through the API: what fitted in the time budget, not what the scenario asked for.
          ...(seeding && 'wanted' in seeding && typeof seeding.payments === 'number'
            ? { storedPayments: seeding.payments }
            : {}),
        });
      }
    } finally {
      await system.stop();
    }
  }

  for (const scenario of scenarios) {
    if (scenario.kind !== 'standalone') continue;
    log(`running ${scenario.name}`);
    const measurement = await scenario.run(settings);
    await record(scenario, { status: 'measured', measurement, baselineRatio: null });
  }

  process.stdout.write(`\n${await writeReadme(resultsDir, ['baseline', ...order])}`);
  // The main page carries a section on the engines' results.
  if (onEngines && !quick) await writeReadme(mainResultsDir, ['baseline', ...order]);
  if (profileDir) log(`CPU profiles of the gateway: ${profileDir}`);
}

/** The baseline server in its own process on the port the gateway will use, under the create-payment load. */
async function measureBaseline(port: number, settings: RunSettings): Promise<Measurement> {
  log('measuring the baseline');
  const server = Child.start({
    name: 'baseline',
    script: 'bench/children/baseline-server.ts',
    args: ['--port', String(port)],
    env: settings.baseEnv,
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(server, url, 60_000);
    const load = (durationSeconds: number) =>
      runLoad({ url, requests: [v1CreatePayment()], connections: settings.connections, durationSeconds });
    if (settings.warmupSeconds > 0) await load(settings.warmupSeconds);
    return await measureWith({ baseline: server.pid }, settings.connections, () =>
      load(settings.durationSeconds),
    );
  } finally {
    await server.stop();
  }
}

function contextFor(system: System, settings: RunSettings): ScenarioContext {
  return {
    system,
    settings,
    measure: (run) =>
      measureWith(system.processes(), settings.connections, run, system.sampledWithDescendants),
  };
}

/** Runs the load while sampling every process of the system (and this one, the load generator). */
async function measureWith(
  processes: Record<string, number>,
  connections: number,
  run: () => Promise<LoadFigures>,
  withDescendants: readonly string[] = [],
): Promise<Measurement> {
  const samplers = Object.entries(processes).map(
    ([name, pid]) =>
      [name, new MemorySampler(pid, { withDescendants: withDescendants.includes(name) })] as const,
  );
  const generator = new MemorySampler(process.pid);
  const figures = await run();
  const memory: Measurement['memory'] = {};
  for (const [name, sampler] of samplers) memory[name] = await sampler.stop();
  memory['load generator'] = await generator.stop();
  return { ...figures, connections, memory };
}

/**
 * The engines' stores are seeded as a client would: payments created over the API, as many of `wanted`
 * as fit in `budgetSeconds` (the embedded seeder writes the JSONL store only).
 */
async function seedThroughApi(system: System, wanted: number, budgetSeconds: number, concurrency: number) {
  log(`seeding up to ${wanted} payments through POST /v1/payment (at most ${budgetSeconds} s)`);
  const started = Date.now();
  const created = await createPayments(
    system.url,
    system.merchant,
    wanted,
    concurrency,
    started + budgetSeconds * 1000,
  );
  const seconds = (Date.now() - started) / 1000;
  log(`seeded ${created.length} in ${round(seconds)} s (${round(created.length / seconds)} payments/s)`);
  return {
    through: `POST /v1/payment, ${concurrency} at a time`,
    wanted,
    payments: created.length,
    seconds: round(seconds),
    budgetSeconds,
  };
}

/** Stops the gateway, appends the payments to its event store in a seeder process, and starts it again. */
async function seed(system: SystemUnderTest, count: number, baseEnv: Record<string, string>) {
  log(`seeding ${count} payments`);
  let seeding: Record<string, unknown> = {};
  await system.whileStopped(async (dataDir) => {
    const seeder = Child.start({
      name: 'seeder',
      script: 'bench/children/seed-payments.ts',
      args: ['--data-dir', dataDir, '--merchant', system.merchant.merchant_id, '--count', String(count)],
      env: baseEnv,
      nodeArgs: STORE_HEAP_NODE_ARGS,
    });
    const memory = new MemorySampler(seeder.pid);
    const code = await seeder.finished();
    const reading = await memory.stop();
    if (code !== 0) throw new Error(`seeding failed:\n${seeder.printed()}`);
    const printed = seeder.printed();
    seeding = {
      ...(JSON.parse(printed.slice(printed.indexOf('{'))) as Record<string, unknown>),
      seederPeakRssMb: reading.peakRssMb,
    };
  });
  log(`seeded; the gateway replayed the store in ${round(system.startSeconds)} s`);
  return seeding;
}

/**
 * Waits until payments has worked off the commands an overload left queued on Kafka (a request that
 * timed out still has its command handled later), so the next scenario does not pay for them.
 */
async function drained(system: System): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    const answered = await createPayments(system.url, system.merchant, 1).then(
      () => true,
      () => false,
    );
    if (answered && Date.now() - started < 1_000) return;
  }
  log('payments still answers slowly after 120 s; going on');
}

/** Two decimals, or three significant digits below 0.1 (the engines' ratios would all show as 0). */
function ratioOf(value: number, over: number): number {
  const ratio = value / over;
  return ratio >= 0.1 ? round(ratio, 2) : Number(ratio.toPrecision(3));
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
}

function byStoreSize(scenarios: SystemScenario[]): [number, SystemScenario[]][] {
  const groups = new Map<number, SystemScenario[]>();
  for (const scenario of scenarios)
    groups.set(scenario.storedPayments, [...(groups.get(scenario.storedPayments) ?? []), scenario]);
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

function select(scenarios: Scenario[], names: string[]): Scenario[] {
  if (names.length === 0) return scenarios;
  const known = new Set(scenarios.flatMap((scenario) => [scenario.name, scenario.group ?? scenario.name]));
  const unknown = names.filter((name) => name !== 'baseline' && !known.has(name));
  if (unknown.length > 0)
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${[...known].join(', ')}`);
  return scenarios.filter(
    (scenario) =>
      names.includes(scenario.name) || (scenario.group !== undefined && names.includes(scenario.group)),
  );
}

/**
 * The embedded default, or the real engines: those the environment names (KAFKA_BROKERS, MONGODB_URL,
 * REDIS_URL, all three), else the local ones scripts/infra runs, started for this run when stopped.
 */
async function targetOf(name: string): Promise<{ target: Target; release: () => Promise<void> }> {
  const nothing = async () => undefined;
  if (name === 'embedded') return { target: { name, env: {} }, release: nothing };
  if (name !== 'engines') throw new Error('--target must be embedded or engines');
  const env = pick(ENGINE_VARIABLES);
  const missing = ENGINE_VARIABLES.slice(0, 3).filter((variable) => env[variable] === undefined);
  if (missing.length === 0) return { target: { name, env }, release: nothing };
  // A partial set is a mistake, not a request for the local engines.
  if (missing.length < 3)
    throw new Error(`--target engines needs ${missing.join(', ')} in the environment too`);
  log('using the engines of scripts/infra (started for this run when they are not running)');
  const local = await startLocalEngines({ urls: null, infra: infraScript(), enginesAnswer });
  const { kafkaBrokers, mongodbUrl, redisUrl } = local.urls;
  const localEnv = { KAFKA_BROKERS: kafkaBrokers, MONGODB_URL: mongodbUrl, REDIS_URL: redisUrl };
  return { target: { name, env: localEnv }, release: local.stop };
}

/** The only place the runner reads its environment: what children need to run, and the engines' URLs. */
function pick(names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/**
 * CPU ms per request of our processes (the gateway, or every service of the fleet and the path proxy,
 * or the baseline); the engines' servers and the load generator are left out (`engines`).
 */
function cpuMsPerRequest(measurement: Measurement, engines: readonly string[] = []): number | null {
  const ours = Object.entries(measurement.memory).filter(
    ([name]) => name !== 'load generator' && !engines.includes(name),
  );
  if (ours.length === 0 || measurement.requests === 0) return null;
  const seconds = ours.reduce((sum, [, reading]) => sum + reading.cpuSeconds, 0);
  return round((seconds * 1000) / measurement.requests, 3);
}

function cpuFigures(measurement: Measurement, engines: readonly string[], baselineCpu: number | null) {
  const cpu = cpuMsPerRequest(measurement, engines);
  const engineSeconds = engines.reduce((sum, name) => sum + (measurement.memory[name]?.cpuSeconds ?? 0), 0);
  return {
    cpuMsPerRequest: cpu,
    baselineCpuRatio: cpu && baselineCpu ? ratioOf(baselineCpu, cpu) : null,
    ...(engines.length > 0 && measurement.requests > 0
      ? { engineCpuMsPerRequest: round((engineSeconds * 1000) / measurement.requests, 3) }
      : {}),
  };
}

function settingsOf(settings: RunSettings) {
  return {
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
  };
}

function summary(result: ScenarioResult): string {
  const m = result.measurement;
  if (result.status === 'failed') return `failed (${result.reason})`;
  if (result.status !== 'measured' || !m) return `not available in this build (${result.reason})`;
  return `${m.requestsPerSecond} req/s, p50 ${m.latencyMs.p50} ms, p99 ${m.latencyMs.p99} ms, errors ${m.non2xx + m.socketErrors}, ratio ${result.baselineRatio ?? m.extra?.baselineRatio ?? '-'}, CPU ${result.cpuMsPerRequest ?? '-'} ms/req (ratio ${result.baselineCpuRatio ?? '-'})`;
}

function positiveInteger(raw: string | undefined, fallback: number, flag: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} must be a positive whole number`);
  return value;
}

const log = (line: string) =>
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
