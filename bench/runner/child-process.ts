import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface ChildOptions {
  /** Shown in errors and reports. */
  name: string;
  /** A TypeScript entry point, relative to the repository root, run by node with the tsx loader. */
  script: string;
  args?: string[];
  env: Record<string, string>;
  /** Node flags before the script (`--cpu-prof`, which node refuses in NODE_OPTIONS). */
  nodeArgs?: string[];
}

/**
 * One node process started from the runner: node itself runs the TypeScript through the tsx loader, so
 * the pid we sample for memory is the process that serves (the tsx CLI would put a wrapper in between).
 */
export class Child {
  private readonly output: string[] = [];
  private exited: Promise<number | null>;
  private exitCode: number | null | undefined;

  private constructor(
    readonly name: string,
    private readonly process: ChildProcess,
  ) {
    this.exited = new Promise((resolve) =>
      process.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? null : 0);
        resolve(this.exitCode);
      }),
    );
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString('utf8'));
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    process.stdout?.on('data', keep);
    process.stderr?.on('data', keep);
  }

  static start(options: ChildOptions): Child {
    const argv = [...(options.nodeArgs ?? []), '--import', 'tsx', options.script, ...(options.args ?? [])];
    const child = spawn(process.execPath, argv, {
      cwd: REPO_ROOT,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Child(options.name, child);
  }

  get pid(): number {
    if (this.process.pid === undefined) throw new Error(`${this.name} has no pid`);
    return this.process.pid;
  }

  get hasExited(): boolean {
    return this.exitCode !== undefined;
  }

  /** What the child printed (last ~200 chunks of stdout and stderr). */
  printed(): string {
    return this.output.join('');
  }

  /** Resolves with the exit code once the child exits on its own. */
  finished(): Promise<number | null> {
    return this.exited;
  }

  /** SIGTERM (the gateway drains and, under --cpu-prof, writes its profile), SIGKILL after the grace time. */
  async stop(graceMs = 20_000): Promise<void> {
    if (this.hasExited) return;
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

export interface MemoryReading {
  /** Largest resident set seen while sampling, MiB. */
  peakRssMb: number;
  /** The kernel's high-water mark for the whole life of the process (VmHWM), MiB. */
  lifetimePeakRssMb: number;
  /** CPU time (user + system) the process used while sampled, seconds. */
  cpuSeconds: number;
}

/**
 * Samples VmRSS of a process every 100 ms, and reads its VmHWM and the CPU time it used meanwhile
 * when stopped. CPU time per request does not depend on what else the machine runs, unlike requests/s.
 */
export class MemorySampler {
  private peakKb = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly cpuAtStart: Promise<number | undefined>;
  private readonly readCpu: (pid: number) => Promise<number | undefined>;

  /**
   * `withDescendants`: the CPU time counts the process's descendants too, live or exited (a server that
   * forks a process per connection, as PostgreSQL does). RSS stays the process's own.
   */
  constructor(
    private readonly pid: number,
    options: { withDescendants?: boolean } = {},
  ) {
    this.readCpu = options.withDescendants ? readTreeCpuSeconds : readCpuSeconds;
    this.timer = setInterval(() => void this.sample(), 100);
    this.cpuAtStart = this.readCpu(pid);
    void this.sample();
  }

  async stop(): Promise<MemoryReading> {
    clearInterval(this.timer);
    await this.sample();
    const hwm = (await readStatusKb(this.pid, 'VmHWM')) ?? this.peakKb;
    const [start, end] = await Promise.all([this.cpuAtStart, this.readCpu(this.pid)]);
    const cpuSeconds = start !== undefined && end !== undefined ? Math.round((end - start) * 100) / 100 : 0;
    return { peakRssMb: toMb(this.peakKb), lifetimePeakRssMb: toMb(hwm), cpuSeconds };
  }

  private async sample(): Promise<void> {
    const rss = await readStatusKb(this.pid, 'VmRSS');
    if (rss !== undefined && rss > this.peakKb) this.peakKb = rss;
  }
}

async function readStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** utime + stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux). */
async function readCpuSeconds(pid: number): Promise<number | undefined> {
  const ticks = await readCpuTicks(pid);
  return ticks === undefined ? undefined : ticks.own / CLOCK_TICKS_PER_SECOND;
}

/**
 * The CPU time of a process and all its descendants: its own, that of the children it has reaped
 * (cutime + cstime, fields 16 and 17), and that of every live descendant. A child's time moves from the
 * live sum to its parent's reaped one when it exits, so the total only grows, and the difference of two
 * readings is what the tree used between them.
 */
export async function readTreeCpuSeconds(pid: number): Promise<number | undefined> {
  const ticks = await treeTicks(pid);
  return ticks === undefined ? undefined : ticks / CLOCK_TICKS_PER_SECOND;
}

async function treeTicks(pid: number): Promise<number | undefined> {
  const ticks = await readCpuTicks(pid);
  if (ticks === undefined) return undefined;
  let total = ticks.own + ticks.reaped;
  for (const child of await childrenOf(pid)) total += (await treeTicks(child)) ?? 0;
  return total;
}

async function readCpuTicks(pid: number): Promise<{ own: number; reaped: number } | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      own: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
}

/** The live children of every thread of `pid` (/proc/<pid>/task/<tid>/children). */
async function childrenOf(pid: number): Promise<number[]> {
  const threads = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const children: number[] = [];
  for (const thread of threads) {
    const text = await readFile(`/proc/${pid}/task/${thread}/children`, 'utf8').catch(() => '');
    for (const child of text.trim().split(/\s+/)) if (child) children.push(Number(child));
  }
  return children;
}

const CLOCK_TICKS_PER_SECOND = 100;

const toMb = (kb: number) => Math.round(kb / 102.4) / 10;
