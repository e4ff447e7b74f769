import { answeringDocker, dockerEndpoints } from './docker-socket';
import { enginesAnswer } from './engine-probes';
import { parseInfraEnv, readEnginesSettings } from './engines-env';
import { infraScript, startLocalEngines } from './local-engines';
import { startEngines, type RunningEngines } from './start-engines';

/** Shared with global-teardown.ts: both run in jest's parent process, which keeps globalThis. */
export const RUNNING_ENGINES = Symbol.for('gateway.tests.runningEngines');

/**
 * Jest globalSetup of the int, processes and faults projects: starts the engines with the provider
 * ENGINES_PROVIDER names (or auto-detection picks) and exports KAFKA_BROKERS, MONGODB_URL and REDIS_URL,
 * plus what the fault tests' EngineControl needs, for the test workers this process starts next.
 */
export default async function startEnginesForTests(): Promise<void> {
  const settings = readEnginesSettings(process.env);
  const infra = infraScript();
  const { choice, engines, environment } = await startEngines(settings, {
    localEnginesAnswer: async () => enginesAnswer(parseInfraEnv(await infra(['env']))),
    answeringDocker: () => answeringDocker(dockerEndpoints(settings.docker)),
    startLocal: (urls) => startLocalEngines({ urls, infra, enginesAnswer }),
    startContainers: async () => (await import('./container-engines')).startEngineContainers(),
  });
  Object.assign(process.env, environment);
  (globalThis as Record<symbol, RunningEngines | undefined>)[RUNNING_ENGINES] = engines;
  process.stderr.write(
    `\nengines: ${choice.provider} (${choice.why}): ${environment.KAFKA_BROKERS}, ` +
      `${environment.MONGODB_URL}, ${environment.REDIS_URL}\n`,
  );
}
