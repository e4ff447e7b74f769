import { randomUUID } from 'node:crypto';
import { streamIdOf, type CredentialName } from '@gw/domain';
import { newSecret, sha256Hex } from '@gw/platform';
import { COLLECTIONS, type MerchantDocument } from '@gw/views';
import type { ServiceContext } from './context';
import { readUntil } from './read-until';

export interface MerchantKeys {
  merchantId: string;
  /** V1 `x-api-key`. */
  apiKey: string;
  /** Family B `merchant_api_key`. */
  betaApiKey: string;
  /** Family A payment key (signs requests and webhooks); the merchant uuid goes in the `merchant` header. */
  paymentKey: string;
  /** V1 IPN secret for `x-nowpayments-sig`. */
  ipnSecret: string;
}

export interface NewMerchant {
  name: string;
  email?: string | null;
  enabledCoins?: string[] | null;
  outcomeCurrency?: string | null;
}

export class MerchantCommandError extends Error {
  override readonly name = 'MerchantCommandError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Issues a merchant's keys and records the merchant. The plain keys exist only in the returned value:
 * presented keys are stored hashed, keys a signature scheme must recompute are sealed under the master key.
 */
export async function createMerchant(ctx: ServiceContext, input: NewMerchant): Promise<MerchantKeys> {
  const merchantId = randomUUID();
  const keys: MerchantKeys = {
    merchantId,
    apiKey: newSecret(24),
    betaApiKey: newSecret(24),
    paymentKey: newSecret(32),
    ipnSecret: newSecret(24),
  };
  const reply = await ctx.commands.send(streamIdOf('merchant', merchantId), merchantId, {
    type: 'CreateMerchant',
    data: {
      merchantId,
      name: input.name,
      email: input.email ?? null,
      enabledCoins: input.enabledCoins ?? null,
      outcomeCurrency: input.outcomeCurrency ?? null,
      createdAt: ctx.clock.now().toISOString(),
      apiKeyHash: sha256Hex(keys.apiKey),
      betaApiKeyHash: sha256Hex(keys.betaApiKey),
      betaApiKeyCipher: ctx.secrets.seal(keys.betaApiKey, merchantId),
      paymentKeyCipher: ctx.secrets.seal(keys.paymentKey, merchantId),
      ipnSecretCipher: ctx.secrets.seal(keys.ipnSecret, merchantId),
    },
  });
  if (!reply.ok) throw new MerchantCommandError(reply.error.code, reply.error.message);
  await untilProjected(ctx, merchantId, reply.version);
  return keys;
}

/** Replaces one credential; returns the new plain value, shown once. */
export async function rotateMerchantCredential(
  ctx: ServiceContext,
  merchantId: string,
  credential: CredentialName,
): Promise<string> {
  const secret = newSecret(credential === 'paymentKey' ? 32 : 24);
  const hashed = credential === 'apiKey' || credential === 'betaApiKey';
  const sealed = credential !== 'apiKey';
  const reply = await ctx.commands.send(streamIdOf('merchant', merchantId), merchantId, {
    type: 'RotateMerchantCredential',
    data: {
      credential,
      hash: hashed ? sha256Hex(secret) : null,
      cipher: sealed ? ctx.secrets.seal(secret, merchantId) : null,
    },
  });
  if (!reply.ok) throw new MerchantCommandError(reply.error.code, reply.error.message);
  await untilProjected(ctx, merchantId, reply.version);
  return secret;
}

const PROJECTION_POLL_MS = 10;

/**
 * Waits until the merchants read model, which authentication reads, holds `version` of the merchant, so
 * keys handed out work on the very next request. Past the command timeout the keys are returned anyway:
 * they are recorded and shown only once, and work as soon as the projector catches up.
 */
async function untilProjected(ctx: ServiceContext, merchantId: string, version: number): Promise<void> {
  const merchants = ctx.readModels.collection<MerchantDocument>(COLLECTIONS.merchants);
  const shown = (merchant: MerchantDocument | null) => (merchant?.version ?? 0) >= version;
  const merchant = await readUntil(() => merchants.get(merchantId), shown, {
    deadline: Date.now() + ctx.config.requestTimeoutMs,
    pollMs: PROJECTION_POLL_MS,
  });
  if (!shown(merchant))
    ctx.logger.warn({ merchantId, version }, 'merchant keys issued before the read model showed them');
}
