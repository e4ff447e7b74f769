import { buildGatewayBundle } from '../gateway-bundle';
import startEnginesForTests from './global-setup';

/**
 * Jest globalSetup of the processes and faults projects: the engines, as for the int project, and the
 * compiled gateway their fleets of service processes run, built once from the sources under test.
 */
export default async function startEnginesAndBuildGateway(): Promise<void> {
  await Promise.all([startEnginesForTests(), buildGatewayBundle()]);
}
