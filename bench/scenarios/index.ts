import type { Scenario } from '../runner/scenario';
import { HTTP_SCENARIOS, growthScenarios } from './http-scenarios';
import { notifierScenario } from './notifier';
import { sandboxLifecycle } from './sandbox-lifecycle';

/** Every scenario in the order a full run measures them (grouped by store size when run). */
export function allScenarios(growthSizes: readonly number[]): Scenario[] {
  return [...HTTP_SCENARIOS, sandboxLifecycle, ...growthScenarios(growthSizes), notifierScenario];
}
