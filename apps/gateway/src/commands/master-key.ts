import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { foldStream } from '@gw/contracts';
import { merchantAggregate, streamIdOf } from '@gw/domain';
import {
  createLogger,
  loadConfig,
  MASTER_KEY_FILE,
  NEXT_MASTER_KEY_FILE,
  parseMasterKey,
  resolveMasterKey,
  SecretBox,
  SecretBoxError,
  type EnvSource,
} from '@gw/platform';
import { CommandHandler } from '@gw/service-payments';
import type { EventStore } from '@gw/store';
import { ReadModelWriter } from '@gw/views';
import { buildInfrastructure } from '../infrastructure';

export interface MasterKeyRotation {
  merchants: number;
  /** Merchants whose credentials were sealed again under the new key by this run. */
  resealed: number;
  /** Merchants an interrupted earlier run had already resealed. */
  alreadyResealed: number;
  /** Where the new key now is (embedded key file), or null: set MASTER_KEY to it yourself. */
  keyFile: string | null;
}

export interface RotateOptions {
  /** `--new-key-file`: the new key (64 hex characters or base64); required when MASTER_KEY is set. */
  newKeyFile?: string;
  out?: NodeJS.WritableStream;
  now?: () => Date;
}

export class MasterKeyRotationError extends Error {
  override readonly name = 'MasterKeyRotationError';
}

const SEALED = ['betaApiKeyCipher', 'paymentKeyCipher', 'ipnSecretCipher'] as const;

/**
 * `gateway master-key rotate`: encrypts every merchant's sealed credentials (family B API key, family
 * A payment key, IPN secret) again under a new master key, as a `MerchantCredentialsResealed` event per
 * merchant; the secrets themselves do not change. Run it with every service stopped.
 *
 * Embedded with the generated key file, the new key is written to `master.key.next` first, the
 * merchants are resealed, and the file then replaces `master.key`; an interrupted run leaves
 * `master.key.next` behind, the gateway refuses to start on it, and running the command again finishes
 * the job (a merchant already resealed is recognised by its ciphers opening under the new key). With
 * MASTER_KEY set, the new key comes from `--new-key-file`, and MASTER_KEY must be set to it everywhere
 * before the services start again.
 */
export async function rotateMasterKey(
  env: EnvSource = process.env,
  options: RotateOptions = {},
): Promise<MasterKeyRotation> {
  const { out = process.stdout, now = () => new Date() } = options;
  const config = loadConfig(env);
  const keyFileMode = config.masterKey === null;
  const nextFile = path.join(config.dataDir, NEXT_MASTER_KEY_FILE);
  let oldKey: Buffer;
  let newKey: Buffer;
  if (keyFileMode) {
    if (config.engines)
      throw new MasterKeyRotationError('on the engines MASTER_KEY is set on every service: set it here too');
    oldKey = await resolveMasterKey(config, { ignorePendingRotation: true });
    newKey = await pendingOrNewKey(nextFile, options.newKeyFile);
  } else {
    if (!options.newKeyFile)
      throw new MasterKeyRotationError(
        'MASTER_KEY is set: give the new key with --new-key-file (e.g. openssl rand -hex 32 > new.key)',
      );
    oldKey = Buffer.from(config.masterKey!);
    newKey = await readKey(options.newKeyFile);
  }
  if (oldKey.equals(newKey)) throw new MasterKeyRotationError('the new key is the key in use');

  const logger = createLogger({ level: config.logLevel, service: 'master-key' });
  const infra = await buildInfrastructure(config, logger);
  try {
    const old = new SecretBox(oldKey);
    const next = new SecretBox(newKey);
    const handler = new CommandHandler(infra.eventStore, new ReadModelWriter(infra.readModels));
    const summary: MasterKeyRotation = { merchants: 0, resealed: 0, alreadyResealed: 0, keyFile: null };
    for (const merchantId of await merchantIdsOf(infra.eventStore)) {
      summary.merchants++;
      const streamId = streamIdOf('merchant', merchantId);
      const state = foldStream(merchantAggregate, await infra.eventStore.readStream(streamId));
      if (state.status === 'none') continue;
      const ciphers = state.credentials;
      if (SEALED.every((field) => opens(next, ciphers[field], merchantId))) {
        summary.alreadyResealed++;
        continue;
      }
      const resealed = Object.fromEntries(
        SEALED.map((field) => [
          field,
          next.seal(openWith(old, ciphers[field], merchantId, field), merchantId),
        ]),
      ) as Record<(typeof SEALED)[number], string>;
      const commandId = randomUUID();
      const reply = await handler.handle({
        commandId,
        streamId,
        merchantId,
        command: {
          type: 'ResealMerchantCredentials',
          data: resealed,
          metadata: { now: now().toISOString(), correlationId: commandId, causationId: commandId },
        },
      });
      if (!reply.ok) throw new MasterKeyRotationError(`merchant ${merchantId}: ${reply.error.message}`);
      summary.resealed++;
    }
    if (keyFileMode) {
      await rename(nextFile, path.join(config.dataDir, MASTER_KEY_FILE));
      summary.keyFile = path.join(config.dataDir, MASTER_KEY_FILE);
    }
    out.write(describeRotation(summary));
    return summary;
  } finally {
    await infra.close();
  }
}

export function describeRotation(summary: MasterKeyRotation): string {
  const done = `Resealed the credentials of ${summary.resealed} of ${summary.merchants} merchants under the new master key`;
  const earlier = summary.alreadyResealed > 0 ? ` (${summary.alreadyResealed} done by an earlier run)` : '';
  const next = summary.keyFile
    ? `The new key is in ${summary.keyFile}; back it up (docs/operations.md) and start the gateway.`
    : 'Set MASTER_KEY to the new key on every service before starting them again; the old key opens nothing any more.';
  return `${done}${earlier}.\n${next}\n`;
}

/** Every merchant of the store, from its creation events. */
async function merchantIdsOf(eventStore: EventStore): Promise<string[]> {
  const ids: string[] = [];
  for await (const event of eventStore.readAll())
    if (event.type === 'MerchantCreated') ids.push(String(event.data.merchantId));
  return ids;
}

/** The key an interrupted run chose, or a new one written to `master.key.next` before anything is resealed. */
async function pendingOrNewKey(nextFile: string, newKeyFile: string | undefined): Promise<Buffer> {
  const pending = await readFile(nextFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (pending !== null) {
    const key = parseMasterKey(pending);
    if (newKeyFile && !(await readKey(newKeyFile)).equals(key))
      throw new MasterKeyRotationError(
        `${nextFile} holds the key of an interrupted rotation, not the one in ${newKeyFile}: run again without --new-key-file`,
      );
    return key;
  }
  const key = newKeyFile ? await readKey(newKeyFile) : randomBytes(32);
  await writeFile(nextFile, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  return key;
}

async function readKey(file: string): Promise<Buffer> {
  try {
    return parseMasterKey(await readFile(file, 'utf8'));
  } catch (error) {
    throw new MasterKeyRotationError(`--new-key-file ${file}: ${(error as Error).message}`);
  }
}

function opens(box: SecretBox, sealed: string, merchantId: string): boolean {
  try {
    box.open(sealed, merchantId);
    return true;
  } catch (error) {
    if (error instanceof SecretBoxError) return false;
    throw error;
  }
}

function openWith(box: SecretBox, sealed: string, merchantId: string, field: string): string {
  try {
    return box.open(sealed, merchantId);
  } catch (error) {
    if (error instanceof SecretBoxError)
      throw new MasterKeyRotationError(
        `merchant ${merchantId}: its ${field} opens under neither the current nor the new key`,
      );
    throw error;
  }
}
