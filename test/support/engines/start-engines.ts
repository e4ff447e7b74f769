import {
  engineEnvironment,
  type EngineHandoff,
  type EnginesProvider,
  type EnginesSettings,
  type EngineUrls,
} from './engines-env';

/** Engines the tests can use, however they came to run. */
export interface RunningEngines {
  urls: EngineUrls;
  handoff: EngineHandoff;
  /** Stops what this run started, and nothing else. */
  stop(): Promise<void>;
}

export interface ProviderChoice {
  provider: EnginesProvider;
  why: string;
}

export interface EngineProviders {
  /** Whether the engines `scripts/infra env` names answer on their ports. */
  localEnginesAnswer(): Promise<boolean>;
  /** The address of a Docker engine that answers, or null. */
  answeringDocker(): Promise<string | null>;
  startLocal(urls: EngineUrls | null): Promise<RunningEngines>;
  startContainers(): Promise<RunningEngines>;
}

/**
 * ENGINES_PROVIDER when set. Otherwise engines already given or already running win (a developer's
 * machine, CI), then a Docker engine (a laptop without the local engines), and last the local
 * engines, which `scripts/infra up` installs and starts.
 */
export async function chooseEnginesProvider(
  settings: Pick<EnginesSettings, 'requestedProvider' | 'urls'>,
  providers: Pick<EngineProviders, 'localEnginesAnswer' | 'answeringDocker'>,
): Promise<ProviderChoice> {
  if (settings.requestedProvider !== null) {
    return { provider: settings.requestedProvider, why: 'ENGINES_PROVIDER' };
  }
  if (settings.urls !== null) return { provider: 'local', why: 'the engine URLs are set' };
  if (await providers.localEnginesAnswer())
    return { provider: 'local', why: "scripts/infra's engines answer" };
  const docker = await providers.answeringDocker();
  if (docker !== null) return { provider: 'testcontainers', why: `Docker answers at ${docker}` };
  return { provider: 'local', why: 'no engines run and no Docker answers: scripts/infra up' };
}

/** Chooses a provider, starts the engines with it and says what to export for the tests. */
export async function startEngines(
  settings: EnginesSettings,
  providers: EngineProviders,
): Promise<{ choice: ProviderChoice; engines: RunningEngines; environment: Record<string, string> }> {
  const choice = await chooseEnginesProvider(settings, providers);
  const engines =
    choice.provider === 'local'
      ? await providers.startLocal(settings.urls)
      : await providers.startContainers();
  return { choice, engines, environment: engineEnvironment(engines.urls, engines.handoff) };
}
