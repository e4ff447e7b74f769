import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@gw/platform';
import {
  describeGeneratedAdminToken,
  readAdminTokenFile,
  resolveAdminToken,
  withAdminToken,
} from '../src/admin-token';

describe('admin token resolution', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'admin-token-')), 'data');
  });
  afterEach(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

  it('uses ADMIN_TOKEN when it is configured, and writes no file', async () => {
    const resolved = await resolveAdminToken({
      adminToken: 'configured-token-0123456789',
      dataDir,
      mode: 'embedded',
    });
    expect(resolved).toEqual({ token: 'configured-token-0123456789', source: 'environment', file: null });
    expect(await readAdminTokenFile(dataDir)).toBeNull();
  });

  it('generates a token on the first embedded start, readable by the owner only, and reuses it afterwards', async () => {
    const first = await resolveAdminToken({ adminToken: null, dataDir, mode: 'embedded' });
    expect(first.source).toBe('generated');
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.file).toBe(path.join(dataDir, 'admin.token'));
    expect((await stat(first.file!)).mode & 0o777).toBe(0o600);
    expect((await readFile(first.file!, 'utf8')).trim()).toBe(first.token);

    const second = await resolveAdminToken({ adminToken: null, dataDir, mode: 'embedded' });
    expect(second).toEqual({ token: first.token, source: 'file', file: first.file });
    expect(await readAdminTokenFile(dataDir)).toBe(first.token);
  });

  it('leaves the admin API off on the real engines without ADMIN_TOKEN', async () => {
    expect(await resolveAdminToken({ adminToken: null, dataDir, mode: 'engines' })).toEqual({
      token: null,
      source: 'none',
      file: null,
    });
    expect(await readAdminTokenFile(dataDir)).toBeNull();
  });

  it('refuses a token file too short to be a token', async () => {
    const first = await resolveAdminToken({ adminToken: null, dataDir, mode: 'embedded' });
    await writeFile(first.file!, 'short\n');
    await expect(resolveAdminToken({ adminToken: null, dataDir, mode: 'embedded' })).rejects.toThrow(
      /fewer than 16 characters/,
    );
  });

  it('prints the token only on the start that generated it', async () => {
    const generated = await resolveAdminToken({ adminToken: null, dataDir, mode: 'embedded' });
    expect(describeGeneratedAdminToken(generated)).toContain(generated.token!);
    expect(describeGeneratedAdminToken(generated)).toContain(generated.file!);
    const reread = await resolveAdminToken({ adminToken: null, dataDir, mode: 'embedded' });
    expect(describeGeneratedAdminToken(reread)).toBe('');
  });

  it('hands the services a configuration carrying the token, leaving the rest as loaded', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '9090' });
    expect(config.adminToken).toBeNull();
    const resolved = await resolveAdminToken(config);
    const configured = withAdminToken(config, resolved);
    expect(configured.adminToken).toBe(resolved.token);
    expect(configured).toEqual({ ...config, adminToken: resolved.token });
    expect(Object.isFrozen(configured)).toBe(true);
  });
});
