import path from 'node:path';
import { loadConfig, type EnvSource } from '@gw/platform';
import { adminTokenPath, readAdminTokenFile } from '@gw/service-admin';
import { instanceFilePath, readRecordedInstance } from '../instance-file';
import type { AdminTarget } from './admin-http';

export class AdminSetupError extends Error {
  override readonly name = 'AdminSetupError';
}

export interface TargetFlags {
  url?: string;
  dataDir?: string;
}

export interface ResolvedTarget extends AdminTarget {
  /** One line naming the instance and where its URL and token came from, for the terminal. */
  description: string;
}

/**
 * Which gateway to call and with which token, resolved once from the settings `gateway start` reads.
 * The token: ADMIN_TOKEN, else the one `gateway start` keeps in DATA_DIR (or --data-dir). The URL:
 * --url, else GATEWAY_URL, else PORT when set; else, with the token from DATA_DIR, the URL the gateway
 * that owns that token noted beside it; else http://localhost:8080.
 */
export async function resolveAdminTarget(flags: TargetFlags, env: EnvSource): Promise<ResolvedTarget> {
  const config = loadConfig(env);
  const dataDir = flags.dataDir ? path.resolve(flags.dataDir) : config.dataDir;
  const token = config.adminToken ?? (await readAdminTokenFile(dataDir));
  if (token === null) {
    throw new AdminSetupError(
      `no admin token: set ADMIN_TOKEN to the gateway's admin token, or run where \`gateway start\` keeps ${adminTokenPath(dataDir)} (--data-dir)`,
    );
  }
  const tokenSource = config.adminToken !== null ? 'ADMIN_TOKEN' : adminTokenPath(dataDir);
  const [raw, urlSource] = await targetUrl(
    flags,
    env,
    config.port,
    config.adminToken === null ? dataDir : null,
  );
  const url = gatewayUrl(raw);
  return { url, token, description: `gateway ${url} (${urlSource}), admin token from ${tokenSource}` };
}

async function targetUrl(
  flags: TargetFlags,
  env: EnvSource,
  port: number,
  tokenDataDir: string | null,
): Promise<[url: string, source: string]> {
  if (flags.url !== undefined) return [flags.url, '--url'];
  if (env.GATEWAY_URL !== undefined) return [env.GATEWAY_URL, 'GATEWAY_URL'];
  if (env.PORT !== undefined) return [`http://localhost:${port}`, 'PORT'];
  const recorded = tokenDataDir === null ? null : await readRecordedInstance(tokenDataDir);
  if (recorded !== null) return [recorded, `noted by gateway start in ${instanceFilePath(tokenDataDir!)}`];
  return [`http://localhost:${port}`, 'the default port'];
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
