import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DATA_DIR_LOCK_FILE,
  DataDirInUseError,
  DataDirLock,
  osProcessTable,
  type LockHolder,
  type ProcessTable,
} from '../src/data-dir-lock';

/** Processes by PID with their start times; any other PID is not running. */
const processTable = (running: Record<number, string>): ProcessTable => ({
  startOf: (pid) => running[pid] ?? null,
});

describe('the DATA_DIR lock', () => {
  let dataDir: string;
  const lockFile = () => path.join(dataDir, DATA_DIR_LOCK_FILE);
  const plant = (holder: Partial<LockHolder>) =>
    writeFile(
      lockFile(),
      JSON.stringify({ since: '2026-01-01T00:00:00.000Z', url: null, token: 'old', ...holder }),
    );

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-lock-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses a second holder while the first lives, naming its PID and URL', async () => {
    const processes = processTable({ [process.pid]: 'boot+100' });
    const first = await DataDirLock.acquire(dataDir, processes);
    await first.noteUrl('http://127.0.0.1:4321');

    const refusal = await DataDirLock.acquire(dataDir, processes).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toContain(`PID ${process.pid} serving http://127.0.0.1:4321`);

    await first.release();
    await expect(stat(lockFile())).rejects.toMatchObject({ code: 'ENOENT' });
    const second = await DataDirLock.acquire(dataDir, processes);
    await second.release();
  });

  it('takes over the lock of a process that is gone', async () => {
    await plant({ pid: 999_999, processStart: 'boot+5' });
    const lock = await DataDirLock.acquire(dataDir, processTable({ [process.pid]: 'boot+100' }));
    const holder = JSON.parse(await readFile(lockFile(), 'utf8')) as LockHolder;
    expect(holder).toMatchObject({ pid: process.pid, processStart: 'boot+100' });
    await lock.release();
  });

  it('takes over a lock whose PID now names a process started at another time (PID reuse)', async () => {
    await plant({ pid: 4242, processStart: 'boot+5' });
    const lock = await DataDirLock.acquire(
      dataDir,
      processTable({ 4242: 'boot+77', [process.pid]: 'boot+100' }),
    );
    expect((JSON.parse(await readFile(lockFile(), 'utf8')) as LockHolder).pid).toBe(process.pid);
    await lock.release();
  });

  it('keeps a lock whose PID lives with the recorded start time', async () => {
    await plant({ pid: 4242, processStart: 'boot+5', url: 'http://127.0.0.1:9' });
    await expect(
      DataDirLock.acquire(dataDir, processTable({ 4242: 'boot+5', [process.pid]: 'boot+100' })),
    ).rejects.toThrow('PID 4242 serving http://127.0.0.1:9');
  });

  it('lets one of two starters racing for a stale lock win, and refuses the other', async () => {
    await plant({ pid: 999_999, processStart: 'boot+5' });
    const processes = processTable({ [process.pid]: 'boot+100' });
    const outcomes = await Promise.allSettled([
      DataDirLock.acquire(dataDir, processes),
      DataDirLock.acquire(dataDir, processes),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason),
    ).toEqual([expect.any(DataDirInUseError)]);
    await (
      outcomes.find((o) => o.status === 'fulfilled') as PromiseFulfilledResult<DataDirLock>
    ).value.release();
  });
});

describe.each(process.platform === 'linux' ? ['linux'] : [])('the process table on %s', () => {
  it('counts a process that exited but is not reaped yet (a zombie, as right after kill -9) as not running', async () => {
    // The shell starts a child waiting for a line, then becomes `sleep`, which never reaps it; the line
    // is sent once it has: the child exits and stays a zombie.
    const parent = spawn('sh', ['-c', 'sh -c "read line" <&0 & echo $!; exec sleep 60'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    try {
      const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
      const child = Number(line.toString().trim());
      const stateOf = async (pid: number) => {
        const text = await readFile(`/proc/${pid}/stat`, 'utf8');
        return {
          command: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
          state: text.slice(text.lastIndexOf(')') + 2, text.lastIndexOf(')') + 3),
        };
      };
      while ((await stateOf(parent.pid!)).command !== 'sleep')
        await new Promise((resolve) => setImmediate(resolve));
      parent.stdin!.end('go\n');
      while ((await stateOf(child)).state !== 'Z') await new Promise((resolve) => setImmediate(resolve));

      expect(osProcessTable.startOf(child)).toBeNull();
      expect(osProcessTable.startOf(parent.pid!)).toMatch(/^\d+$/);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
