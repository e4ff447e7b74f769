import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatewayConfig } from './config';
import { parseMasterKey } from './config-values';

export const MASTER_KEY_FILE = 'master.key';
/** The new key of a `gateway master-key rotate` in progress; it replaces master.key when the run ends. */
export const NEXT_MASTER_KEY_FILE = 'master.key.next';

/**
 * The key that encrypts signing keys at rest. MASTER_KEY wins; without it a single-process run keeps a
 * key file under DATA_DIR, generated on first use and reused afterwards, so stored secrets survive restarts.
 */
export async function resolveMasterKey(
  config: Pick<GatewayConfig, 'masterKey' | 'dataDir'>,
  options: { ignorePendingRotation?: boolean } = {},
): Promise<Buffer> {
  if (config.masterKey) return Buffer.from(config.masterKey);
  const next = path.join(config.dataDir, NEXT_MASTER_KEY_FILE);
  if (!options.ignorePendingRotation && (await readKeyFile(next).catch(() => 'unreadable'))) {
    // Some merchants may already be sealed under the new key: neither key alone opens them all.
    throw new Error(
      `a master key rotation was interrupted (${next} exists): run \`gateway master-key rotate\` again to finish it`,
    );
  }
  const file = path.join(config.dataDir, MASTER_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;

  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    await writeFile(file, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    // Another process created the file between our read and write: use theirs so both agree.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      const created = await readKeyFile(file);
      if (created) return created;
    }
    throw error;
  }
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return parseMasterKey(text);
  } catch (error) {
    throw new Error(`master key file ${file} ${(error as Error).message}; restore it or set MASTER_KEY`);
  }
}
