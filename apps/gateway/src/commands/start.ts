import { loadConfig, onShutdown, type EnvSource } from '@gw/platform';
import { describeGeneratedAdminToken, resolveAdminToken, withAdminToken } from '@gw/service-admin';
import { describeFirstStart, ensureDemoMerchant } from '../demo-merchant';
import { recordInstance } from '../instance-file';
import { startGateway } from '../runner';

/**
 * `gateway start`: every service in one process on one port (the embedded default unless engines are
 * configured). Standard output carries only the JSON log lines; what a person reads, the generated
 * admin token and the demo merchant's keys among it, goes once to the terminal (standard error).
 */
export async function startCommand(
  env: EnvSource = process.env,
  terminal: NodeJS.WritableStream = process.stderr,
): Promise<void> {
  const loaded = loadConfig(env);
  const runsAdmin = loaded.service === 'all' || loaded.service === 'admin';
  const adminToken = runsAdmin ? await resolveAdminToken(loaded) : null;
  const config = adminToken ? withAdminToken(loaded, adminToken) : loaded;
  const gateway = await startGateway(config);
  onShutdown([{ name: 'gateway', stop: gateway.stop }], { logger: gateway.ctx.logger });
  if (adminToken?.file) await recordInstance(config.dataDir, gateway.url);
  const runsAll = config.service === 'all';
  terminal.write(
    `Gateway (${config.mode}, ${runsAll ? 'all services' : config.service}) listening on ${gateway.url}\n`,
  );
  terminal.write(`Base URL: ${config.baseUrl}\n`);
  if (adminToken) terminal.write(describeGeneratedAdminToken(adminToken));
  if (runsAll) {
    const demo = await ensureDemoMerchant(gateway.ctx);
    if (demo) terminal.write(describeFirstStart(config.baseUrl, demo, config.sandboxEnabled));
  }
}
