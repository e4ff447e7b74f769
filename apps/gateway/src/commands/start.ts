import { loadConfig, onShutdown, type EnvSource } from '@gw/platform';
import { describeFirstStart, ensureDemoMerchant } from '../demo-merchant';
import { startGateway } from '../runner';

/** `gateway start`: every service in one process on one port (the embedded default unless engines are configured). */
export async function startCommand(env: EnvSource = process.env): Promise<void> {
  const config = loadConfig(env);
  const gateway = await startGateway(config);
  onShutdown([{ name: 'gateway', stop: gateway.stop }], { logger: gateway.ctx.logger });
  const runsAll = config.service === 'all';
  process.stdout.write(`Gateway (${config.mode}, ${runsAll ? 'all services' : config.service}) listening on ${gateway.url}\n`);
  process.stdout.write(`Base URL: ${config.baseUrl}\n`);
  if (runsAll) {
    const demo = await ensureDemoMerchant(gateway.ctx);
    if (demo) process.stdout.write(describeFirstStart(config.baseUrl, demo));
  }
}
