import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { streamIdOf } from '@gw/domain';
import { parseMasterKey, SecretBox } from '@gw/platform';
import { MerchantDirectory, rotateMerchantCredential, type MerchantKeys } from '@gw/application';
import { rotateMasterKey } from '@gw/gateway';
import { startTestGateway, type TestGateway } from '../../support/gateway';

const SILENT = { LOG_LEVEL: 'silent' };

/** The merchant's sealed keys as the gateway running on `dataDir` opens them. */
async function sealedKeysOf(gateway: TestGateway, merchant: MerchantKeys) {
  const { ctx } = gateway.gateway;
  const directory = new MerchantDirectory(ctx.readModels, ctx.secrets);
  const document = (await directory.byId(merchant.merchantId))!;
  return {
    paymentKey: directory.paymentKeyOf(document),
    ipnSecret: directory.ipnSecretOf(document),
    betaApiKey: directory.betaApiKeyOf(document),
    ciphers: [document.paymentKeyCipher, document.ipnSecretCipher, document.betaApiKeyCipher],
  };
}

const opensAny = (key: Buffer, ciphers: string[], merchantId: string) =>
  ciphers.some((cipher) => {
    try {
      new SecretBox(key).open(cipher, merchantId);
      return true;
    } catch {
      return false;
    }
  });

describe('gateway master-key rotate (embedded)', () => {
  let dataDir: string;
  let gateway: TestGateway | undefined;
  const out = new PassThrough();

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'master-key-rotate-'));
  });
  afterEach(async () => {
    await gateway?.stop();
    gateway = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Two merchants, one of them with a rotated payment key (its cipher then comes from a later event). */
  async function merchantsOnDisk(): Promise<MerchantKeys[]> {
    gateway = await startTestGateway({ dataDir });
    const first = gateway.demoMerchant;
    const second = await gateway.createMerchant('Second shop');
    const paymentKey = await rotateMerchantCredential(gateway.gateway.ctx, second.merchantId, 'paymentKey');
    await gateway.stop();
    gateway = undefined;
    return [first, { ...second, paymentKey }];
  }

  it('reseals every merchant under a new key file: the same secrets open, the old key opens none', async () => {
    const merchants = await merchantsOnDisk();
    const oldKey = parseMasterKey(await readFile(path.join(dataDir, 'master.key'), 'utf8'));

    const summary = await rotateMasterKey({ DATA_DIR: dataDir, ...SILENT }, { out });
    expect(summary).toMatchObject({ resealed: summary.merchants, alreadyResealed: 0 });
    expect(summary.merchants).toBeGreaterThanOrEqual(2);
    expect(summary.keyFile).toBe(path.join(dataDir, 'master.key'));
    const newKey = parseMasterKey(await readFile(path.join(dataDir, 'master.key'), 'utf8'));
    expect(newKey.equals(oldKey)).toBe(false);
    expect(existsSync(path.join(dataDir, 'master.key.next'))).toBe(false);

    gateway = await startTestGateway({ dataDir });
    for (const merchant of merchants) {
      const keys = await sealedKeysOf(gateway, merchant);
      expect({ paymentKey: keys.paymentKey, ipnSecret: keys.ipnSecret, betaApiKey: keys.betaApiKey }).toEqual(
        {
          paymentKey: merchant.paymentKey,
          ipnSecret: merchant.ipnSecret,
          betaApiKey: merchant.betaApiKey,
        },
      );
      expect(opensAny(oldKey, keys.ciphers, merchant.merchantId)).toBe(false);
      const events = await gateway.gateway.ctx.eventStore.readStream(
        streamIdOf('merchant', merchant.merchantId),
      );
      expect(events.at(-1)!.type).toBe('MerchantCredentialsResealed');
    }
  });

  it('finishes an interrupted run: the gateway refuses to start meanwhile, a second run completes it', async () => {
    const merchants = await merchantsOnDisk();
    let commands = 0;
    // The run stops after the first merchant is resealed, as a crash would.
    const crashing = () => {
      if (++commands > 1) throw new Error('power cut');
      return new Date();
    };
    await expect(rotateMasterKey({ DATA_DIR: dataDir, ...SILENT }, { out, now: crashing })).rejects.toThrow(
      'power cut',
    );
    expect(existsSync(path.join(dataDir, 'master.key.next'))).toBe(true);
    await expect(startTestGateway({ dataDir })).rejects.toThrow(/master key rotation was interrupted/);

    const summary = await rotateMasterKey({ DATA_DIR: dataDir, ...SILENT }, { out });
    expect(summary.alreadyResealed).toBe(1);
    expect(summary.resealed).toBe(summary.merchants - 1);
    gateway = await startTestGateway({ dataDir });
    for (const merchant of merchants)
      expect((await sealedKeysOf(gateway, merchant)).paymentKey).toBe(merchant.paymentKey);
  });

  it('with MASTER_KEY set, takes the new key from --new-key-file and leaves setting it to the operator', async () => {
    const oldHex = 'ab'.repeat(32);
    const newHex = 'cd'.repeat(32);
    gateway = await startTestGateway({ dataDir, env: { MASTER_KEY: oldHex } });
    const merchant = gateway.demoMerchant;
    await gateway.stop();
    gateway = undefined;

    const env = { DATA_DIR: dataDir, MASTER_KEY: oldHex, ...SILENT };
    await expect(rotateMasterKey(env, { out })).rejects.toThrow(/--new-key-file/);
    const newKeyFile = path.join(dataDir, 'new.key');
    await writeFile(newKeyFile, `${newHex}\n`);
    const summary = await rotateMasterKey(env, { out, newKeyFile });
    expect(summary).toMatchObject({ keyFile: null, alreadyResealed: 0 });
    expect(summary.resealed).toBe(summary.merchants);
    expect(existsSync(path.join(dataDir, 'master.key'))).toBe(false);

    gateway = await startTestGateway({ dataDir, env: { MASTER_KEY: newHex } });
    expect(await sealedKeysOf(gateway, merchant)).toMatchObject({
      paymentKey: merchant.paymentKey,
      ipnSecret: merchant.ipnSecret,
      betaApiKey: merchant.betaApiKey,
    });
  });
});
