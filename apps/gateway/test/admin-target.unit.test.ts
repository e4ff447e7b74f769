import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AdminSetupError, resolveAdminTarget } from '../src/commands/admin-target';
import { localUrlOf, recordInstance } from '../src/instance-file';

describe('the instance a CLI command calls', () => {
  let dataDir: string;
  const token = 'a-token-from-the-data-dir';

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-target-'));
    await writeFile(path.join(dataDir, 'admin.token'), `${token}\n`);
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is the one `gateway start` noted beside the admin token it keeps in DATA_DIR', async () => {
    await recordInstance(dataDir, 'http://0.0.0.0:18455');
    const target = await resolveAdminTarget({}, { DATA_DIR: dataDir });
    expect(target).toMatchObject({ url: 'http://localhost:18455', token });
    expect(target.description).toBe(
      `gateway http://localhost:18455 (noted by gateway start in ${path.join(dataDir, 'gateway.url')}), admin token from ${path.join(dataDir, 'admin.token')}`,
    );
  });

  it('follows --url, then GATEWAY_URL, then PORT over the noted URL', async () => {
    await recordInstance(dataDir, 'http://127.0.0.1:18455');
    const env = { DATA_DIR: dataDir, GATEWAY_URL: 'http://gw.example:9000/', PORT: '18456' };
    expect((await resolveAdminTarget({ url: 'https://pay.example' }, env)).url).toBe('https://pay.example');
    expect((await resolveAdminTarget({}, env)).url).toBe('http://gw.example:9000');
    const byPort = await resolveAdminTarget({}, { DATA_DIR: dataDir, PORT: '18456' });
    expect(byPort.description).toMatch(/^gateway http:\/\/localhost:18456 \(PORT\)/);
  });

  it('does not pair ADMIN_TOKEN with the URL noted for the token in DATA_DIR', async () => {
    await recordInstance(dataDir, 'http://127.0.0.1:18455');
    const target = await resolveAdminTarget(
      {},
      { DATA_DIR: dataDir, ADMIN_TOKEN: 'an-admin-token-from-env' },
    );
    expect(target.description).toBe(
      'gateway http://localhost:8080 (the default port), admin token from ADMIN_TOKEN',
    );
  });

  it('says where a token would be when there is none', async () => {
    const empty = path.join(dataDir, 'elsewhere');
    await expect(resolveAdminTarget({}, { DATA_DIR: empty })).rejects.toThrow(AdminSetupError);
    await expect(resolveAdminTarget({}, { DATA_DIR: empty })).rejects.toThrow(
      path.join(empty, 'admin.token'),
    );
  });

  it('notes a loopback URL for a server bound to every interface', () => {
    expect(localUrlOf('http://0.0.0.0:8080')).toBe('http://localhost:8080');
    expect(localUrlOf('http://[::]:8080')).toBe('http://localhost:8080');
    expect(localUrlOf('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });
});
