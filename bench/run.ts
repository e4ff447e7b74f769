/**
 * `pnpm bench [scenario|group ...] [--quick] [--target embedded|engines] [--sizes 10000,100000] [--profile]`
 * (`--report-only` rebuilds README.md from the result files without measuring)
 *
 * Starts the gateway as a child process (`gateway start` with a fresh DATA_DIR, PORT and ADMIN_TOKEN),
 * creates its merchant over the admin API, seeds stored payments where a scenario needs them, and loads
 * it with autocannon from this process. A bare express baseline runs on the same port first; every
 * scenario is reported as a ratio to it. Results: bench/results/<scenario>.json and README.md
 * (--quick writes to bench/results/quick/, the engines target to .../engines/).
 *
 * The engines target runs the same command with KAFKA_BROKERS, MONGODB_URL and REDIS_URL taken from
 * this environment; while the real-engine adapters are not wired, it reports the refusal, no figures.
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Child, MemorySampler, REPO_ROOT } from './runner/child-process';
import { runLoad, round, type LoadFigures } from './runner/load';
import { machineFacts, writeReadme, writeResult, type ScenarioResult } from './runner/report';
import type { Measurement, RunSettings, Scenario, ScenarioContext, SystemScenario } from './runner/scenario';
import { SystemUnderTest, TargetUnavailableError, waitUntilReady, type Target } from './runner/system';
import { allScenarios } from './scenarios';
import { v1CreatePayment } from './scenarios/requests';

const DEFAULT_SIZES = [10_000, 100_000];
const ENGINE_VARIABLES = ['KAFKA_BROKERS', 'MONGODB_URL', 'REDIS_URL', 'SCHEMA_REGISTRY_URL'] as const;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      quick: { type: 'boolean', default: false },
      target: { type: 'string', default: 'embedded' },
      sizes: { type: 'string' },
      profile: { type: 'boolean', default: false },
      duration: { type: 'string' },
      connections: { type: 'string' },
      'report-only': { type: 'boolean', default: false },
    },
  });
  const quick = values.quick ?? false;
  const baseEnv = pick(['PATH', 'HOME', 'TMPDIR']);
  const settings: RunSettings = {
    durationSeconds: positiveInteger(values.duration, quick ? 3 : 10, '--duration'),
    warmupSeconds: quick ? 1 : 3,
    connections: positiveInteger(values.connections, 32, '--connections'),
    sandboxPayments: quick ? 200 : 2000,
    notifierPayments: quick ? 500 : 2000,
    quick,
    baseEnv,
  };
  const sizes = values.sizes
    ? values.sizes.split(',').map((size) => positiveInteger(size, 0, '--sizes'))
    : quick
      ? [10_000]
      : DEFAULT_SIZES;
  const target = targetOf(values.target ?? 'embedded');
  const scenarios = select(allScenarios(sizes), positionals);
  const order = allScenarios(sizes).map((scenario) => scenario.name);
  const resultsDir = path.join(
    REPO_ROOT,
    'bench',
    'results',
    ...(quick ? ['quick'] : []),
    ...(target.name === 'engines' ? ['engines'] : []),
  );
  const profileDir = values.profile
    ? path.join(REPO_ROOT, 'bench', 'profiles', new Date().toISOString().replace(/[:.]/g, '-'))
    : undefined;
  if (values['report-only']) {
    process.stdout.write(await writeReadme(resultsDir, ['baseline', ...order]));
    return;
  }
  const port = await freePort();
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
    if (storedPayments > 0 && target.name !== 'embedded') {
      // The seeder appends to the embedded JSONL store; the engines' MongoDB store needs its own.
      const reason = 'seeding stored payments into the real engines is not implemented in the runner yet';
      for (const scenario of group) await record(scenario, { status: 'unavailable', reason });
      continue;
    }
    let system: SystemUnderTest;
    try {
      system = await SystemUnderTest.start({ target, port, baseEnv, profileDir });
    } catch (error) {
      if (!(error instanceof TargetUnavailableError)) throw error;
      for (const scenario of group) await record(scenario, { status: 'unavailable', reason: error.message });
      continue;
    }
    try {
      const seeding = storedPayments > 0 ? await seed(system, storedPayments, baseEnv) : undefined;
      for (const scenario of group) {
        log(`running ${scenario.name}`);
        const measurement = await scenario.run(contextFor(system, settings));
        measurement.extra = {
          ...measurement.extra,
          gatewayStartSeconds: round(system.startSeconds),
          ...(seeding ? { seeding } : {}),
        };
        await record(scenario, {
          status: 'measured',
          settings: settingsOf(settings),
          measurement,
          baselineRatio: baselineRps ? round(measurement.requestsPerSecond / baselineRps, 2) : null,
          ...cpuFigures(measurement, baselineCpu),
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
    return await measureWith(server.pid, 'baseline', settings.connections, () =>
      load(settings.durationSeconds),
    );
  } finally {
    await server.stop();
  }
}

function contextFor(system: SystemUnderTest, settings: RunSettings): ScenarioContext {
  return {
    system,
    settings,
    measure: (run) => measureWith(system.pid, 'gateway', settings.connections, run),
  };
}

async function measureWith(
  pid: number,
  name: string,
  connections: number,
  run: () => Promise<LoadFigures>,
): Promise<Measurement> {
  const sut = new MemorySampler(pid);
  const generator = new MemorySampler(process.pid);
  const figures = await run();
  return {
    ...figures,
    connections,
    memory: { [name]: await sut.stop(), 'load generator': await generator.stop() },
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

function targetOf(name: string): Target {
  if (name === 'embedded') return { name, env: {} };
  if (name === 'engines') {
    const env = pick(ENGINE_VARIABLES);
    const missing = ENGINE_VARIABLES.slice(0, 3).filter((variable) => env[variable] === undefined);
    // Without them the same command would quietly start the embedded default.
    if (missing.length > 0)
      throw new Error(`--target engines needs ${missing.join(', ')} in the environment`);
    return { name, env };
  }
  throw new Error('--target must be embedded or engines');
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

/** CPU ms per request of the process measured first (the system under test or the baseline). */
function cpuMsPerRequest(measurement: Measurement): number | null {
  const sut = Object.values(measurement.memory)[0];
  if (!sut || measurement.requests === 0) return null;
  return round((sut.cpuSeconds * 1000) / measurement.requests, 3);
}

function cpuFigures(measurement: Measurement, baselineCpu: number | null) {
  const cpu = cpuMsPerRequest(measurement);
  return { cpuMsPerRequest: cpu, baselineCpuRatio: cpu && baselineCpu ? round(baselineCpu / cpu, 2) : null };
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
  if (result.status !== 'measured' || !m) return `not available in this build (${result.reason})`;
  return `${m.requestsPerSecond} req/s, p50 ${m.latencyMs.p50} ms, p99 ${m.latencyMs.p99} ms, errors ${m.non2xx + m.socketErrors}, ratio ${result.baselineRatio ?? m.extra?.baselineRatio ?? '-'}, CPU ${result.cpuMsPerRequest ?? '-'} ms/req (ratio ${result.baselineCpuRatio ?? '-'})`;
}

function positiveInteger(raw: string | undefined, fallback: number, flag: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} must be a positive whole number`);
  return value;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const log = (line: string) =>
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
