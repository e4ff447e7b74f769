import type { Scenario } from '../runner/scenario';
import { LIST_STORED_PAYMENTS, growthScenarios, httpScenarios } from './http-scenarios';
import { notifierScenario } from './notifier';
import { sandboxLifecycle } from './sandbox-lifecycle';

/** Every scenario in the order a full run measures them (grouped by store size when run). */
export function allScenarios(
  growthSizes: readonly number[],
  listStored: number = LIST_STORED_PAYMENTS,
): Scenario[] {
  return [...httpScenarios(listStored), sandboxLifecycle, ...growthScenarios(growthSizes), notifierScenario];
}
