/**
 * Every service of the gateway in its own process on the real engines (test/support/fleet.ts), in a
 * fresh namespace, behind the path proxy, all started from this process so that the proxy's work is
 * neither the load generator's nor a service's. Prints one line `{"fleet":{url,namespace,pids}}` once
 * every service is ready; on SIGTERM stops the services and deletes the namespace from the engines.
 *
 *   engine-fleet --admin-token T [--profile SERVICE --profile-dir DIR]
 */
import { parseArgs } from 'node:util';
import { SERVICE_FACTORIES } from '../../apps/gateway/src/service-registry';
import { Fleet } from '../../test/support/fleet';
import { buildGatewayBundle } from '../../test/support/gateway-bundle';
import { tracingEnvOf } from '../runner/tracing-env';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'admin-token': { type: 'string' },
      profile: { type: 'string' },
      'profile-dir': { type: 'string' },
    },
  });
  if (!values['admin-token']) throw new Error('--admin-token is required');
  const profiled = values.profile;
  await buildGatewayBundle();
  const fleet = await Fleet.start({
    env: { ...tracingEnvOf(process.env), ADMIN_TOKEN: values['admin-token'], LOG_LEVEL: 'warn' },
    readyTimeoutMs: 180_000,
    nodeArgsOf: (name) =>
      name === profiled ? ['--cpu-prof', `--cpu-prof-dir=${values['profile-dir'] ?? '.'}`] : [],
  });
  const pids = Object.fromEntries(SERVICE_FACTORIES.map(([name]) => [name, fleet.pidOf(name)]));
  const namespace = fleet.env.MONGODB_DB!;
  process.stdout.write(`${JSON.stringify({ fleet: { url: fleet.url, namespace, pids } })}\n`);

  let stopping = false;
  process.on('SIGTERM', () => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      // Stopping a fleet also deletes its namespace from the engines.
      await fleet.stop();
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
