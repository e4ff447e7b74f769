import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '@gw/platform';
import { CRASH_TEST_ADMIN_TOKEN, EmbeddedGatewayProcess } from '../../support/embedded-gateway-process';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(REPO_ROOT, 'apps', 'gateway', 'src', 'cli.ts');

/** `gateway <args>` to its end: exit code and what it printed. */
async function runCli(
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(await freeLoopbackPort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_TOKEN: CRASH_TEST_ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out, err };
}

describe('one gateway per DATA_DIR', () => {
  let dataDir: string;
  let running: EmbeddedGatewayProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-one-per-dir-'));
  });
  afterEach(async () => {
    await running?.kill('SIGKILL').catch(() => undefined);
    running = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second start naming the running PID and URL, and starts again after kill -9 of the first', async () => {
    running = await EmbeddedGatewayProcess.start(dataDir, true);
    const recorded = await readFile(path.join(dataDir, 'gateway.lock'), 'utf8');
    expect(JSON.parse(recorded)).toMatchObject({ pid: running.pid, url: running.url });

    const second = await runCli(['start'], dataDir);
    expect(second.code).not.toBe(0);
    expect(second.err).toContain(`PID ${running.pid} serving ${running.url}`);
    expect(second.err).not.toContain('listening on');
    // The first instance's files are untouched and it still serves.
    expect(await readFile(path.join(dataDir, 'gateway.lock'), 'utf8')).toBe(recorded);
    expect((await fetch(`${running.url}/health/live`)).status).toBe(200);

    await running.kill('SIGKILL');
    running = await EmbeddedGatewayProcess.start(dataDir, false);
    expect((await fetch(`${running.url}/health/live`)).status).toBe(200);
    await running.kill('SIGTERM');
    running = undefined;
    // A clean stop leaves no lock behind.
    await expect(stat(path.join(dataDir, 'gateway.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 240_000);

  it('prints help for start (and every command) without starting anything', async () => {
    for (const args of [
      ['start', '--help'],
      ['start', '-h'],
      ['service', '--help'],
      ['replay', '-h'],
      ['-h'],
    ]) {
      const run = await runCli(args, dataDir);
      expect({ args, code: run.code }).toEqual({ args, code: 0 });
      expect(run.out).toMatch(/^Usage: gateway/);
      expect(run.err).not.toContain('listening on');
    }
    for (const command of ['merchant', 'plan', 'subscription', 'payment', 'webhooks']) {
      const run = await runCli([command, '--help'], dataDir);
      expect({ command, code: run.code }).toEqual({ command, code: 0 });
      expect(run.out + run.err).toMatch(/usage/i);
    }
    // Nothing started: no lock, no store.
    await expect(stat(path.join(dataDir, 'gateway.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(path.join(dataDir, 'commits.jsonl'))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 240_000);
});
