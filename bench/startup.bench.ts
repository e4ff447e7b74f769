/**
 * Cold start of a gateway command: time from spawning it to the first 200 from /v1/status, and the RSS
 * of its whole process tree then (a tsx launcher is a second process), each run on a fresh DATA_DIR.
 * Also the wall time of `help`. Runs are interleaved when several commands are given, so a machine
 * that gets busier part-way weighs on each alike. Linux only (/proc). Run:
 *   npx tsx bench/startup.bench.ts [--runs 7] [--port 18400] [--label name=command ...]
 * Without --label it compares `./gateway` (the compiled bundle) with `tsx apps/gateway/src/cli.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(__dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '18400' },
    label: { type: 'string', multiple: true },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const commands: Array<[string, string[]]> = (
  values.label ?? [
    `compiled=${ROOT}/gateway`,
    `tsx=${ROOT}/node_modules/.bin/tsx ${ROOT}/apps/gateway/src/cli.ts`,
  ]
).map((label) => {
  const [name, command] = label.split(/=(.*)/s) as [string, string];
  return [name, command.split(' ')];
});

function treeRssMb(pid: number): number {
  let kb = 0;
  const walk = (id: string) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
      const children = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim();
      for (const child of children.split(/\s+/).filter(Boolean)) walk(child);
    } catch {
      // The process ended between two reads.
    }
  };
  walk(String(pid));
  return Math.round(kb / 1024);
}

async function coldStart(command: string[]): Promise<{ ms: number; rssMb: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'startup-bench-'));
  const started = performance.now();
  const child = spawn(command[0]!, [...command.slice(1), 'start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/v1/status`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} start exited (${child.exitCode})`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { ms: Math.round(performance.now() - started), rssMb: treeRssMb(child.pid!) };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function helpMs(command: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(command[0]!, [...command.slice(1), 'help'], { cwd: ROOT, stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return Math.round(performance.now() - started);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const results = new Map(
    commands.map(([name]) => [name, { ms: [] as number[], rssMb: [] as number[], helpMs: [] as number[] }]),
  );
  for (let run = 0; run < runs; run++) {
    for (const [name, command] of commands) {
      const result = results.get(name)!;
      const start = await coldStart(command);
      result.ms.push(start.ms);
      result.rssMb.push(start.rssMb);
      result.helpMs.push(await helpMs(command));
    }
  }
  const summary = Object.fromEntries(
    [...results].map(([name, { ms, rssMb, helpMs: help }]) => [
      name,
      {
        coldStartMs: { median: median(ms), min: Math.min(...ms), max: Math.max(...ms), runs: ms },
        rssMb: { median: median(rssMb), min: Math.min(...rssMb), max: Math.max(...rssMb) },
        helpMs: { median: median(help), min: Math.min(...help), max: Math.max(...help) },
      },
    ]),
  );
  console.log(
    JSON.stringify({ runs, loadAverage: readFileSync('/proc/loadavg', 'utf8').trim(), summary }, null, 2),
  );
}

void main();
