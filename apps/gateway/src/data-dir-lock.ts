import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file under DATA_DIR naming the one process that serves it. */
export const DATA_DIR_LOCK_FILE = 'gateway.lock';

/** Who holds a DATA_DIR: enough to tell a live holder from a dead one whose PID was reused. */
export interface LockHolder {
  pid: number;
  /** The process's start time as the kernel counts it (Linux: /proc/<pid>/stat field 22); null elsewhere. */
  processStart: string | null;
  /** When the lock was taken (ISO), for the person reading the refusal. */
  since: string;
  /** The URL it serves, once it listens. */
  url: string | null;
  /** Unique to one taking of the lock. */
  token: string;
}

/** A second gateway on a DATA_DIR another live gateway serves. */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another gateway: PID ${holder.pid}` +
        `${holder.url ? ` serving ${holder.url}` : ' (still starting)'}, since ${holder.since}. ` +
        'One gateway per data directory: stop that one first, or give this one another DATA_DIR.',
    );
  }
}

/** What a lock check needs to know about processes; the real one reads the OS. */
export interface ProcessTable {
  /** The start time of a live process, '' when the platform cannot tell, null when it is not running. */
  startOf(pid: number): string | null;
}

export const osProcessTable: ProcessTable = {
  startOf(pid) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      // EPERM: alive, owned by someone else.
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
    }
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 2 (the command) may hold spaces and parentheses: count fields after its closing one.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // A zombie (Z, or X while it is torn down) has exited and answers signals until its parent
      // reaps it: after a kill -9 that can take a while where PID 1 is slow to reap (a VM's init).
      if (fields[0] === 'Z' || fields[0] === 'X') return null;
      return fields[19] ?? '';
    } catch {
      return '';
    }
  },
};

/**
 * One process per data directory. The lock is a file created atomically (a hard link of a file written
 * in full, so no reader ever sees it half-written); it records the holder's PID and that process's
 * start time. A lock whose process is gone, or whose PID now belongs to a process started at another
 * time (PID reuse), is stale and taken over: moved aside under a unique name (one rename wins), checked
 * to be the very lock judged stale, and replaced. It is removed on stop and on any exit of the process.
 */
export class DataDirLock {
  private readonly onExit = () => this.releaseSync();

  private constructor(
    private readonly file: string,
    private holder: LockHolder,
  ) {
    process.once('exit', this.onExit);
  }

  static async acquire(dataDir: string, processes: ProcessTable = osProcessTable): Promise<DataDirLock> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
    const holder: LockHolder = {
      pid: process.pid,
      processStart: processes.startOf(process.pid) || null,
      since: new Date().toISOString(),
      url: null,
      token: randomUUID(),
    };
    for (let attempt = 0; attempt < 10; attempt++) {
      if (await createExclusively(file, holder)) return new DataDirLock(file, holder);
      const current = await readHolder(file);
      if (current === undefined) continue; // removed meanwhile: try again
      if (current !== null && isAlive(current, processes)) throw new DataDirInUseError(dataDir, current);
      await takeOverStale(file, current);
    }
    throw new Error(`could not take the lock ${file}: it keeps changing hands`);
  }

  /** Notes the URL this gateway serves, for the refusal a second start prints. */
  async noteUrl(url: string): Promise<void> {
    this.holder = { ...this.holder, url };
    const temporary = `${this.file}.${this.holder.token}.tmp`;
    await writeFile(temporary, `${JSON.stringify(this.holder)}\n`, { mode: 0o600 });
    await rename(temporary, this.file);
  }

  async release(): Promise<void> {
    process.removeListener('exit', this.onExit);
    const current = await readHolder(this.file);
    if (current?.token === this.holder.token) await unlink(this.file).catch(() => undefined);
  }

  private releaseSync(): void {
    try {
      const current = JSON.parse(readFileSync(this.file, 'utf8')) as LockHolder;
      if (current.token === this.holder.token) unlinkSync(this.file);
    } catch {
      // Gone already, or never readable: nothing of ours to remove.
    }
  }
}

function isAlive(holder: LockHolder, processes: ProcessTable): boolean {
  const start = processes.startOf(holder.pid);
  if (start === null) return false;
  // A PID now naming a process started at another time was reused: the holder is gone.
  return start === '' || holder.processStart === null || start === holder.processStart;
}

/** Creates the lock file with its whole content, or returns false when one exists. */
async function createExclusively(file: string, holder: LockHolder): Promise<boolean> {
  const draft = `${file}.${holder.token}.tmp`;
  await writeFile(draft, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

/** The holder the lock file names; null when it cannot be read as one; undefined when there is none. */
async function readHolder(file: string): Promise<LockHolder | null | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.token === 'string' ? (parsed as LockHolder) : null;
  } catch {
    return null;
  }
}

/**
 * Moves the stale lock aside. Two starters racing for it: one rename wins and the other finds nothing
 * to move. Should the file moved turn out to be a newer lock than the one judged stale (another
 * starter replaced it in between), it is put back.
 */
async function takeOverStale(file: string, stale: LockHolder | null): Promise<void> {
  const aside = `${file}.${randomUUID()}.stale`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (moved && moved.token !== stale?.token) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}
