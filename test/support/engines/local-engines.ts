import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseInfraEnv, type EngineUrls } from './engines-env';
import type { RunningEngines } from './start-engines';

/** Runs scripts/infra with these arguments and resolves with what it printed on stdout. */
export type InfraScript = (args: string[]) => Promise<string>;

export const INFRA_SCRIPT = path.resolve(__dirname, '..', '..', '..', 'scripts', 'infra');

/** scripts/infra as a child process; its progress (stderr) shows, its env lines (stdout) are returned. */
export function infraScript(script = INFRA_SCRIPT): InfraScript {
  return (args) =>
    new Promise((resolve, reject) => {
      const child = spawn(script, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0
          ? resolve(stdout)
          : reject(new Error(`scripts/infra ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
      );
    });
}

export interface LocalEnginesOptions {
  /** The URLs from the environment, when set. */
  urls: EngineUrls | null;
  infra: InfraScript;
  enginesAnswer(urls: EngineUrls): Promise<boolean>;
}

/**
 * The engines scripts/infra runs as local processes. Given URLs are used as they are; otherwise the
 * engines `scripts/infra env` names are used when they answer, and started (then stopped at the end)
 * when they do not.
 */
export async function startLocalEngines(options: LocalEnginesOptions): Promise<RunningEngines> {
  const untouched = (urls: EngineUrls): RunningEngines => ({
    urls,
    handoff: { provider: 'local' },
    stop: async () => undefined,
  });
  if (options.urls !== null) return untouched(options.urls);
  const named = parseInfraEnv(await options.infra(['env']));
  if (await options.enginesAnswer(named)) return untouched(named);
  const started = parseInfraEnv(await options.infra(['up']));
  return {
    urls: started,
    handoff: { provider: 'local' },
    stop: async () => {
      await options.infra(['down']);
    },
  };
}
