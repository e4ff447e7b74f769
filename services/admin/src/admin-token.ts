import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newSecret, type GatewayConfig } from '@gw/platform';

export const ADMIN_TOKEN_FILE = 'admin.token';
const MIN_TOKEN_LENGTH = 16;

export interface ResolvedAdminToken {
  /** Null when the admin API stays disabled. */
  token: string | null;
  /** `generated` only on the run that created the file: the one time the token is printed. */
  source: 'environment' | 'file' | 'generated' | 'none';
  /** Where a file-kept token lives. */
  file: string | null;
}

/**
 * ADMIN_TOKEN wins. Without it, the embedded default keeps a token in DATA_DIR/admin.token (created on
 * first start, mode 0600) so the admin API and the CLI work locally out of the box. On the real engines
 * services may run on many machines, so there the admin API stays off until ADMIN_TOKEN is set.
 */
export async function resolveAdminToken(
  config: Pick<GatewayConfig, 'adminToken' | 'dataDir' | 'mode'>,
): Promise<ResolvedAdminToken> {
  if (config.adminToken !== null) return { token: config.adminToken, source: 'environment', file: null };
  if (config.mode !== 'embedded') return { token: null, source: 'none', file: null };
  const file = adminTokenPath(config.dataDir);
  const existing = await readAdminTokenFile(config.dataDir);
  if (existing !== null) return { token: existing, source: 'file', file };

  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const token = newSecret(32);
  try {
    await writeFile(file, `${token}\n`, { flag: 'wx', mode: 0o600 });
    return { token, source: 'generated', file };
  } catch (error) {
    // Another process created it between our read and write: use theirs so both agree.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      const created = await readAdminTokenFile(config.dataDir);
      if (created !== null) return { token: created, source: 'file', file };
    }
    throw error;
  }
}

export const adminTokenPath = (dataDir: string): string => path.join(dataDir, ADMIN_TOKEN_FILE);

/** The token kept under DATA_DIR, or null when there is none yet. */
export async function readAdminTokenFile(dataDir: string): Promise<string | null> {
  const file = adminTokenPath(dataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const token = text.trim();
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new Error(
      `admin token file ${file} holds fewer than ${MIN_TOKEN_LENGTH} characters; delete it to generate a new one, or set ADMIN_TOKEN`,
    );
  }
  return token;
}

/** The configuration the services run with, carrying the resolved token. */
export function withAdminToken<C extends Pick<GatewayConfig, 'adminToken'>>(
  config: C,
  resolved: ResolvedAdminToken,
): C {
  return Object.freeze({ ...config, adminToken: resolved.token });
}

/** Printed once, on the start that generated the token. */
export function describeGeneratedAdminToken(resolved: ResolvedAdminToken): string {
  if (resolved.source !== 'generated' || resolved.token === null) return '';
  return [
    '',
    `An admin token was generated and stored in ${resolved.file} (shown only once):`,
    `  admin token (Authorization: Bearer ... on /admin/v1)  ${resolved.token}`,
    '  `gateway merchant ...` commands on this machine read it from that file; ADMIN_TOKEN overrides it.',
    '',
  ].join('\n');
}
