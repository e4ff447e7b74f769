import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './child-process';

const run = promisify(execFile);
const INFRA = path.join(REPO_ROOT, 'scripts', 'infra');

export interface LocalEngines {
  /** KAFKA_BROKERS, MONGODB_URL and REDIS_URL of the engines scripts/infra runs. */
  env: Record<string, string>;
  /** Stops the engines again if this run started them; engines someone else started keep running. */
  release(): Promise<void>;
}

/**
 * The real engines as scripts/infra runs them on this machine (installed on first use), so
 * `pnpm bench --target engines` works from a fresh clone without setting the engines' URLs by hand.
 */
export async function useLocalEngines(log: (line: string) => void): Promise<LocalEngines> {
  const { stdout: status } = await infra('status');
  const startsThem = /\bstopped\b/.test(status);
  if (startsThem) {
    log('starting the real engines with scripts/infra up (installs them on first use)');
    await infra('up');
  }
  const { stdout: exports } = await infra('env');
  return {
    env: parseExports(exports),
    release: async () => {
      if (!startsThem) return;
      log('stopping the engines this run started');
      await infra('down');
    },
  };
}

function infra(command: string) {
  return run(INFRA, [command], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
}

/** `export NAME='value'` lines, as `scripts/infra env` prints them for eval. */
export function parseExports(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^export ([A-Z_][A-Z0-9_]*)='([^']*)'$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}
