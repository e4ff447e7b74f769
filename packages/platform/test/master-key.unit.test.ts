import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MASTER_KEY_FILE, resolveMasterKey } from '../src';

let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'gw-master-key-')), 'data');
});
afterEach(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('resolveMasterKey', () => {
  it('prefers MASTER_KEY and writes no file', async () => {
    const masterKey = Buffer.alloc(32, 7);
    expect(await resolveMasterKey({ masterKey, dataDir })).toEqual(masterKey);
    await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
  });

  it('generates a key file once, readable only by its owner, and reuses it', async () => {
    const first = await resolveMasterKey({ masterKey: null, dataDir });
    const second = await resolveMasterKey({ masterKey: null, dataDir });
    expect(first).toHaveLength(32);
    expect(second).toEqual(first);
    const file = path.join(dataDir, MASTER_KEY_FILE);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('hex'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('agrees with itself when called concurrently', async () => {
    const keys = await Promise.all([1, 2, 3, 4].map(() => resolveMasterKey({ masterKey: null, dataDir })));
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
  });

  it('refuses a corrupted key file instead of replacing it', async () => {
    await resolveMasterKey({ masterKey: null, dataDir });
    await writeFile(path.join(dataDir, MASTER_KEY_FILE), 'garbage');
    await expect(resolveMasterKey({ masterKey: null, dataDir })).rejects.toThrow(
      /master key file .* set MASTER_KEY/,
    );
  });
});
