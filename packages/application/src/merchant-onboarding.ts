import { randomUUID } from 'node:crypto';
import { streamIdOf, type CredentialName } from '@gw/domain';
import { newSecret, sha256Hex } from '@gw/platform';
import { knownCurrency } from './catalogue-rules';
import type { ServiceContext } from './context';

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
 * The keys work on the very next request: payments writes the merchants read model before it replies.
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
  return keys;
}

/** The coins the merchant accepts (codes as the catalogue spells them), or null for every catalogue coin. */
export async function setMerchantCoins(
  ctx: ServiceContext,
  merchantId: string,
  enabledCoins: string[] | null,
): Promise<void> {
  const reply = await ctx.commands.send(streamIdOf('merchant', merchantId), merchantId, {
    type: 'SetMerchantCoins',
    data: { enabledCoins },
  });
  if (!reply.ok) throw new MerchantCommandError(reply.error.code, reply.error.message);
}

/**
 * The currency the merchant's amounts are reported in by default (checked against the catalogue and
 * stored in its canonical spelling: crypto or fiat), or null for the coin paid. Throws
 * InvalidInputError (field `outcome_currency`) for a code the catalogue does not know.
 */
export async function setMerchantOutcomeCurrency(
  ctx: ServiceContext,
  merchantId: string,
  code: string | null,
): Promise<string | null> {
  const outcomeCurrency = code === null ? null : knownCurrency(ctx.rates.current(), 'outcome_currency', code);
  const reply = await ctx.commands.send(streamIdOf('merchant', merchantId), merchantId, {
    type: 'SetMerchantOutcomeCurrency',
    data: { outcomeCurrency },
  });
  if (!reply.ok) throw new MerchantCommandError(reply.error.code, reply.error.message);
  return outcomeCurrency;
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
  return secret;
}
