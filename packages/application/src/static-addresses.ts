import { randomUUID } from 'node:crypto';
import { isCoinEnabled, staticAddressUuidSeed, streamIdOf, type StaticAddressTerms } from '@gw/domain';
import { chainNodeFor, newNumericId, uuidFrom } from '@gw/platform';
import type { Filter } from '@gw/store';
import { COLLECTIONS, type MerchantDocument, type StaticAddressDocument } from '@gw/views';
import type { ServiceContext } from './context';
import { NoPayingWalletError, payingWallet } from './pay-addresses';

/** What a static address is asked for with; each gateway translates its own body into this. */
export interface StaticAddressRequest {
  merchantId: string;
  family: 'alpha' | 'beta';
  /** The catalogue network code. */
  network: string;
  /** The network as the family names it in its answers and webhooks. */
  networkName: string;
  /**
   * The one coin deposits are taken in (family A's wallet names its currency); null: every coin of the
   * network the merchant accepts (family B).
   */
  payCurrency: string | null;
  /** The customer it is held for: asking again with the same order on the same network answers the same address. */
  orderId: string | null;
  callbackUrl: string | null;
  email: string | null;
  description: string | null;
  toCurrency: string | null;
}

/** The order's static address on this network was revoked: it is never handed out again. */
export class StaticAddressRevokedError extends Error {
  readonly code = 'STATIC_ADDRESS_REVOKED';
  constructor(readonly orderId: string) {
    super(`The static address of order ${orderId} was revoked; use another order_id.`);
    this.name = 'StaticAddressRevokedError';
  }
}

type StaticAddressSources = Pick<
  ServiceContext,
  'readModels' | 'commands' | 'addresses' | 'config' | 'clock' | 'rates'
>;

/**
 * The id part of a static address's stream: one per merchant, network and order in family B, per
 * merchant and order in family A (its order ids are unique across the merchant's invoices and wallets),
 * so asking again for the same order is answered from the stream; without an order every ask is a new
 * address.
 */
function staticKeyOf(request: StaticAddressRequest): string {
  const order = request.orderId === null ? `~${randomUUID()}` : `order:${request.orderId}`;
  return request.family === 'alpha'
    ? `${request.merchantId}:alpha:${order}`
    : `${request.merchantId}:${request.network}:${order}`;
}

/**
 * Hands out a static address: the merchant wallet's next receive address on the network, allocated as
 * an invoice's is, and watched for good. Only a network where the merchant's wallet is watched takes
 * static addresses (never the sandbox: nothing would ever pay an address on it). Deposits are taken in
 * every coin of the network the merchant accepts and the watcher follows.
 */
export async function openStaticAddress(
  ctx: StaticAddressSources,
  request: StaticAddressRequest,
): Promise<StaticAddressTerms> {
  const key = staticKeyOf(request);
  const streamId = streamIdOf('static', key);
  const existing = await storedStaticAddress(ctx, streamId, request);
  if (existing) return existing;

  const merchant = await ctx.readModels
    .collection<MerchantDocument>(COLLECTIONS.merchants)
    .get(request.merchantId);
  const node = chainNodeFor(ctx.config.chainWatchers, request.network);
  const rates = ctx.rates.current();
  const payCurrencies = (node?.coins ?? []).filter((code) => {
    const coin = rates.isKnownCurrency(code) ? rates.findCryptoCurrency(code) : null;
    return (
      coin !== null && coin.network === request.network && isCoinEnabled(merchant?.enabledCoins ?? null, coin)
    );
  });
  if (!payingWallet(merchant, request.network, ctx.config) || payCurrencies.length === 0)
    throw new NoPayingWalletError(request.network);

  const now = ctx.clock.now().toISOString();
  const staticAddressId = newNumericId();
  const payTo = await ctx.addresses.assign({
    network: request.network,
    merchantId: request.merchantId,
    paymentId: staticAddressId,
    holder: 'static-address',
    now,
  });
  if (payTo.walletKeyId === null || payTo.addressIndex === null)
    throw new NoPayingWalletError(request.network);
  const terms: StaticAddressTerms = {
    staticAddressId,
    uuid: staticAddressUuidOf(staticAddressId),
    merchantId: request.merchantId,
    family: request.family,
    network: request.network,
    networkName: request.networkName,
    payCurrencies,
    address: payTo.address,
    walletKeyId: payTo.walletKeyId,
    addressIndex: payTo.addressIndex,
    chainTip: payTo.chainTip,
    orderId: request.orderId,
    callbackUrl: request.callbackUrl,
    email: request.email,
    description: request.description,
    toCurrency: request.toCurrency,
    createdAt: now,
  };
  const reply = await ctx.commands.send(streamId, request.merchantId, {
    type: 'OpenStaticAddress',
    data: terms,
    metadata: { now },
  });
  if (reply.ok) return terms;
  // Asked twice at once for the same order: the first one's address is the order's.
  const raced =
    reply.error.code === 'STREAM_ALREADY_EXISTS' ? await storedStaticAddress(ctx, streamId, request) : null;
  if (raced) return raced;
  throw new Error(`static address refused: ${reply.error.message}`);
}

/**
 * The order's address as its read model holds it: payments writes a stream's document before it answers
 * (read-your-writes), so an address handed out is found here at once.
 */
async function storedStaticAddress(
  ctx: Pick<ServiceContext, 'readModels'>,
  streamId: string,
  request: StaticAddressRequest,
): Promise<StaticAddressTerms | null> {
  const found = await staticAddressDocument(ctx, parseStaticId(streamId));
  if (!found) return null;
  if (found.status === 'revoked') throw new StaticAddressRevokedError(request.orderId ?? '');
  return staticAddressTermsOf(found);
}

const parseStaticId = (streamId: string): string => streamId.slice('static-'.length);

/** A static address's document by the id part of its stream. */
export function staticAddressDocument(
  ctx: Pick<ServiceContext, 'readModels'>,
  id: string,
): Promise<StaticAddressDocument | null> {
  return ctx.readModels.collection<StaticAddressDocument>(COLLECTIONS.staticAddresses).get(id);
}

/** What a static address was opened with, from its document. */
export function staticAddressTermsOf(document: StaticAddressDocument): StaticAddressTerms {
  return {
    staticAddressId: document.staticAddressId,
    uuid: document.uuid,
    merchantId: document.merchantId,
    family: document.family,
    network: document.network,
    networkName: document.networkName,
    payCurrencies: document.payCurrencies,
    address: document.address,
    walletKeyId: document.walletKeyId,
    addressIndex: document.addressIndex,
    chainTip: document.chainTip,
    orderId: document.orderId,
    callbackUrl: document.callbackUrl,
    email: document.email,
    description: document.description,
    toCurrency: document.toCurrency,
    createdAt: document.createdAt,
  };
}

/** A static address's uuid: derived from its id, so a deposit's payment names it by the id alone. */
export const staticAddressUuidOf = (staticAddressId: number): string =>
  uuidFrom(staticAddressUuidSeed(staticAddressId));

/** The merchant's static address matching `conditions` (its address and network, uuid, order…); null when none. */
export async function findStaticAddress(
  ctx: Pick<ServiceContext, 'readModels'>,
  merchantId: string,
  conditions: Filter,
): Promise<StaticAddressDocument | null> {
  const [found] = await ctx.readModels
    .collection<StaticAddressDocument>(COLLECTIONS.staticAddresses)
    .find({ filter: { ...conditions, merchantId }, limit: 1 });
  return found ?? null;
}

/**
 * Revokes a static address: deposits from now on are recorded and shown, never credited. Revoking it
 * again changes nothing.
 */
export async function revokeStaticAddress(
  ctx: Pick<ServiceContext, 'commands'>,
  address: Pick<StaticAddressDocument, 'id' | 'merchantId'>,
): Promise<void> {
  const reply = await ctx.commands.send(
    streamIdOf('static', address.id),
    address.merchantId,
    { type: 'RevokeStaticAddress', data: {} },
    `revoke-static-address:${address.id}`,
  );
  if (!reply.ok) throw new Error(`static address revocation refused: ${reply.error.message}`);
}
