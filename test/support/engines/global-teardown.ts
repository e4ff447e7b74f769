import { RUNNING_ENGINES } from './global-setup';
import type { RunningEngines } from './start-engines';

/** Jest globalTeardown of the int, processes and faults projects: stops what the global setup started. */
export default async function stopEnginesAfterTests(): Promise<void> {
  const holder = globalThis as Record<symbol, RunningEngines | undefined>;
  const engines = holder[RUNNING_ENGINES];
  delete holder[RUNNING_ENGINES];
  await engines?.stop();
}
