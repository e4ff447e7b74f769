import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `gateway start` on the embedded default notes the URL it serves beside the admin token it keeps in
 * DATA_DIR, so CLI commands reading that token call the instance the token belongs to.
 */
export const INSTANCE_FILE = 'gateway.url';

export const instanceFilePath = (dataDir: string): string => path.join(dataDir, INSTANCE_FILE);

/** The loopback URL of a server bound to `boundUrl` (which may name 0.0.0.0 or ::). */
export function localUrlOf(boundUrl: string): string {
  const url = new URL(boundUrl);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = 'localhost';
  return url.origin;
}

export async function recordInstance(dataDir: string, boundUrl: string): Promise<void> {
  await writeFile(instanceFilePath(dataDir), `${localUrlOf(boundUrl)}\n`, { mode: 0o600 });
}

/** The URL the last `gateway start` on this DATA_DIR served, or null when none was noted. */
export async function readRecordedInstance(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(instanceFilePath(dataDir), 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
