import { readEngineHandoff, type EngineHandoff, type RestartableEngine } from './engines-env';
import { infraScript, type InfraScript } from './local-engines';

/**
 * What a fault test may do to the shared engines, whichever provider runs them. `restart` returns
 * once the engine serves again on the same address, so the URLs the test holds stay valid.
 */
export interface EngineControl {
  restart(engine: RestartableEngine): Promise<void>;
}

/** The control matching the provider the global setup chose (it hands that over in the environment). */
export function engineControlFromEnvironment(): EngineControl {
  return engineControl(readEngineHandoff(process.env));
}

export function engineControl(handoff: EngineHandoff, infra: InfraScript = infraScript()): EngineControl {
  if (handoff.provider === 'local') {
    return {
      async restart(engine) {
        await infra(['restart', engine]);
      },
    };
  }
  return {
    async restart(engine) {
      // Loaded only here: the local provider never needs the Docker client.
      const { restartEngineContainer } = await import('./container-engines');
      await restartEngineContainer(engine, handoff.containerIds[engine], handoff.urls);
    },
  };
}
