import { loadConfig, onShutdown, type EnvSource } from '@gw/platform';
import { describeGeneratedAdminToken, resolveAdminToken, withAdminToken } from '@gw/service-admin';
import { describeFirstStart, ensureDemoMerchant } from '../demo-merchant';
import { startGateway } from '../runner';

/** `gateway start`: every service in one process on one port (the embedded default unless engines are configured). */
export async function startCommand(env: EnvSource = process.env): Promise<void> {
  const loaded = loadConfig(env);
  const runsAdmin = loaded.service === 'all' || loaded.service === 'admin';
  const adminToken = runsAdmin ? await resolveAdminToken(loaded) : null;
  const config = adminToken ? withAdminToken(loaded, adminToken) : loaded;
  const gateway = await startGateway(config);
  onShutdown([{ name: 'gateway', stop: gateway.stop }], { logger: gateway.ctx.logger });
  const runsAll = config.service === 'all';
  process.stdout.write(
    `Gateway (${config.mode}, ${runsAll ? 'all services' : config.service}) listening on ${gateway.url}\n`,
  );
  process.stdout.write(`Base URL: ${config.baseUrl}\n`);
  if (adminToken) process.stdout.write(describeGeneratedAdminToken(adminToken));
  if (runsAll) {
    const demo = await ensureDemoMerchant(gateway.ctx);
    if (demo) process.stdout.write(describeFirstStart(config.baseUrl, demo));
  }
}
