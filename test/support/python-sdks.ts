import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The upstream Python SDKs, pinned: the versions whose wire format reference/upstream-apis.md records. */
export const PYTHON_SDKS = ['oxapay-python==1.1.0', 'cryptomus==1.1', 'pyCryptomusAPI==1.2.0'] as const;

/**
 * A virtual environment with the real SDKs from PyPI, created once per pinned set (keyed by its hash,
 * built aside and renamed into place, so a half-made one is never used) and reused by later runs.
 * Returns the environment's python.
 */
export async function pythonSdkEnvironment(): Promise<string> {
  const key = createHash('sha256').update(PYTHON_SDKS.join('\n')).digest('hex').slice(0, 12);
  const root = path.join(os.tmpdir(), `cryptogate-python-sdks-${key}`);
  const python = path.join(root, 'bin', 'python');
  if (existsSync(python)) return python;
  const building = `${root}.${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(path.dirname(building), { recursive: true });
  await run('python3', ['-m', 'venv', building], { timeout: 120_000 });
  await run(path.join(building, 'bin', 'pip'), ['install', '--quiet', ...PYTHON_SDKS], {
    timeout: 300_000,
  });
  try {
    await rename(building, root);
  } catch (error) {
    // Another run put its copy in place first: use that one.
    await rm(building, { recursive: true, force: true });
    if (!existsSync(python)) throw error;
  }
  return python;
}

/** Runs a driver script under the SDKs' python and parses the one JSON document it prints. */
export async function runPythonDriver<T>(script: string, args: string[]): Promise<T> {
  const python = await pythonSdkEnvironment();
  const { stdout } = await run(python, [script, ...args], { timeout: 120_000 });
  return JSON.parse(stdout) as T;
}
