import path from 'node:path';
import { loadConfig, type EnvSource } from '@gw/platform';
import { adminTokenPath, readAdminTokenFile } from '@gw/service-admin';
import type { AdminTarget } from './admin-http';

export class AdminSetupError extends Error {
  override readonly name = 'AdminSetupError';
}

export interface TargetFlags {
  url?: string;
  dataDir?: string;
}

/**
 * Which gateway to call and with which token: --url, else GATEWAY_URL, else this machine's gateway on
 * PORT; ADMIN_TOKEN, else the token `gateway start` keeps in DATA_DIR (or --data-dir) on the embedded default.
 */
export async function resolveAdminTarget(flags: TargetFlags, env: EnvSource): Promise<AdminTarget> {
  const config = loadConfig(env);
  const url = gatewayUrl(flags.url ?? env.GATEWAY_URL ?? `http://localhost:${config.port}`);
  if (config.adminToken !== null) return { url, token: config.adminToken };
  const dataDir = flags.dataDir ? path.resolve(flags.dataDir) : config.dataDir;
  const token = await readAdminTokenFile(dataDir);
  if (token === null) {
    throw new AdminSetupError(
      `no admin token: set ADMIN_TOKEN to the gateway's admin token, or run where \`gateway start\` keeps ${adminTokenPath(dataDir)} (--data-dir)`,
    );
  }
  return { url, token };
}

function gatewayUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AdminSetupError(`gateway URL "${raw}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AdminSetupError(`gateway URL "${raw}" must use http or https`);
  if (url.search || url.hash)
    throw new AdminSetupError(`gateway URL "${raw}" must not carry a query or fragment`);
  return url.href.replace(/\/+$/, '');
}
