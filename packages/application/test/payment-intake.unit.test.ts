import { InMemoryCache } from '@gw/cache';
import { loadConfig, ManualClock } from '@gw/platform';
import { CuratedPriceFeed } from '@gw/pricing';
import { PaymentRefused, type PaymentTerms } from '@gw/domain';
import { InMemoryReadModelStore, type ReadModelDocument } from '@gw/store';
import { COLLECTIONS, ReadModelStreamHistory, ReadModelWriter } from '@gw/views';
import {
  CachedRatesSource,
  KeyedCreate,
  MerchantPayAddresses,
  newPaymentTerms,
  openPayment,
  replayedPayment,
  type CommandInput,
  type ServiceContext,
  refusedLater,
  SandboxPayAddresses,
  type PaymentIntake,
  type PaymentTermsSources,
} from '../src';

const intake = (payCurrency: string): PaymentIntake => ({
  merchantId: 'm1',
  family: 'v1',
  priceAmount: '10',
  priceCurrency: 'usd',
  payCurrency,
  payAmount: '0.001',
  orderId: null,
  orderDescription: null,
  callbackUrl: null,
  lifetimeSeconds: 3600,
});

async function sources(env: Record<string, string>): Promise<PaymentTermsSources> {
  return {
    rates: new CachedRatesSource(new InMemoryCache(), await new CuratedPriceFeed().snapshot()),
    addresses: new SandboxPayAddresses({ allocate: async () => ({ address: 'pay-address', extraId: null }) }),
    clock: new ManualClock(),
    config: loadConfig(env),
  };
}

describe('newPaymentTerms required confirmations', () => {
  it("keeps the catalogue's count for a network without an operator setting", async () => {
    const terms = await newPaymentTerms(await sources({ BTC_RPC_URL: 'http://127.0.0.1:1' }), intake('btc'));
    expect(terms.requiredConfirmations).toBe(2);
  });

  it("takes the operator's count for a watched network", async () => {
    const config = { LTC_RPC_URL: 'http://127.0.0.1:1', LTC_CONFIRMATIONS: '3' };
    expect((await newPaymentTerms(await sources(config), intake('ltc'))).requiredConfirmations).toBe(3);
    expect((await newPaymentTerms(await sources(config), intake('btc'))).requiredConfirmations).toBe(2);
  });
});

describe('newPaymentTerms when the wallet stopped paying after admission', () => {
  // The merchant's wallet was removed (or replaced by a key for another chain) between the admission
  // that let the create through and the address assignment: no address nobody can spend is handed out.
  const withoutWallet = async (): Promise<PaymentTermsSources> => {
    const base = await sources({
      SANDBOX_ENABLED: 'false',
      LTC_RPC_URL: 'http://127.0.0.1:1',
      LTC_CHAIN: 'regtest',
    });
    const readModels = new InMemoryReadModelStore();
    await readModels
      .collection<ReadModelDocument & { wallets: object }>(COLLECTIONS.merchants)
      .upsertIfNewer({ id: 'm1', version: 1, wallets: {} });
    const commands = { send: () => Promise.reject(new Error('no allocation without a wallet')) };
    return {
      ...base,
      addresses: new MerchantPayAddresses({
        readModels,
        commands,
        config: base.config,
        sandbox: { allocate: () => Promise.reject(new Error('the sandbox is off')) },
        chains: () => null,
      }),
    };
  };

  it('is refused as admission refuses a network the merchant cannot take money on', async () => {
    const refused = newPaymentTerms(await withoutWallet(), intake('ltc'));
    await expect(refused).rejects.toBeInstanceOf(PaymentRefused);
    await expect(refused).rejects.toMatchObject({
      refusal: { code: 'NETWORK_NOT_PAYABLE', role: 'pay', coin: { code: 'ltc' } },
    });
  });

  it("leaves an entry point as that entry point's own error, never a 500", async () => {
    const sourcesWithoutWallet = await withoutWallet();
    class FamilyError extends Error {}
    const answer = refusedLater(
      (refusal, message) => new FamilyError(`${refusal.code}: ${message}`),
      () => newPaymentTerms(sourcesWithoutWallet, intake('ltc')),
    );
    await expect(answer).rejects.toBeInstanceOf(FamilyError);
    await expect(answer).rejects.toThrow(/NETWORK_NOT_PAYABLE: ltc .* cannot take payments/);
  });
});

/**
 * Payments' answer to a create, over streams kept in a map: a repeated command is answered from its
 * stream, and what a create appends is recorded in the history read model before the answer, as payments
 * does.
 */
function fakeWriteSide() {
  const streams = new Map<string, { causationId: string; data: PaymentTerms }>();
  const readModels = new InMemoryReadModelStore();
  const writer = new ReadModelWriter(readModels);
  /** Payments appends the create's event and records it in the history before it answers. */
  const create = async (streamId: string, merchantId: string, causationId: string, data: PaymentTerms) => {
    streams.set(streamId, { causationId, data });
    await writer.record([
      {
        eventId: `${causationId}:1`,
        streamId,
        version: 1,
        type: 'PaymentCreated',
        occurredAt: data.createdAt ?? '2024-01-01T00:00:00.000Z',
        merchantId,
        data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
        metadata: { correlationId: causationId, causationId },
      },
    ]);
  };
  const send = async (streamId: string, merchantId: string, input: CommandInput, commandId = 'random') => {
    const stream = streams.get(streamId);
    if (stream && stream.causationId !== commandId)
      return { ok: false, commandId, streamId, error: { code: 'STREAM_ALREADY_EXISTS', message: 'exists' } };
    if (!stream) await create(streamId, merchantId, commandId, input.data as PaymentTerms);
    return { ok: true, commandId, streamId, version: 1, eventTypes: ['PaymentCreated'] };
  };
  return { streams, create, commands: { send }, readModels, history: new ReadModelStreamHistory(readModels) };
}

describe('openPayment with an Idempotency-Key', () => {
  const keyed = (resumed: boolean, onReplay = () => {}) =>
    new KeyedCreate('scope:key:1700000000000', new Date('2026-01-01T00:00:00Z'), resumed, onReplay);
  const contextOf = async (writeSide: ReturnType<typeof fakeWriteSide>) =>
    ({ ...(await sources({})), ...writeSide }) as unknown as ServiceContext;

  it('derives the same payment id and uuid on every attempt, in the numeric id format', async () => {
    const ctx = await contextOf(fakeWriteSide());
    const first = await openPayment(ctx, intake('btc'), keyed(false));
    expect(first.terms.paymentId).toBe(keyed(false).numericId('payment:0'));
    expect(first.terms.paymentId).toBeGreaterThanOrEqual(2 ** 30);
    expect(Number.isSafeInteger(first.terms.paymentId)).toBe(true);
    expect(first.terms.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('answers a resumed attempt with the terms the first attempt committed, as a replay', async () => {
    const writeSide = fakeWriteSide();
    const ctx = await contextOf(writeSide);
    const first = await openPayment(ctx, intake('btc'), keyed(false));
    let replayed = 0;
    const retryAddresses = {
      assign: async () => ({ ...(await ctx.addresses.assign({} as never)), address: 'other' }),
    };
    const again = await openPayment(
      { ...ctx, addresses: retryAddresses } as unknown as ServiceContext,
      intake('btc'),
      keyed(true, () => replayed++),
    );
    expect(again.terms).toEqual(first.terms);
    expect(replayed).toBe(1);
    expect(writeSide.streams.size).toBe(1);
    expect(await replayedPayment(ctx, keyed(true))).toEqual(first.terms);
    expect(await replayedPayment(ctx, keyed(false))).toBeNull();
  });

  it('moves on to the next derived id when another payment holds one, and finds it again on a retry', async () => {
    const writeSide = fakeWriteSide();
    const ctx = await contextOf(writeSide);
    const taken = `payment-${keyed(false).numericId('payment:0')}`;
    await writeSide.create(taken, 'm1', 'another-command', {} as PaymentTerms);
    const opened = await openPayment(ctx, intake('btc'), keyed(false));
    expect(opened.reply.ok).toBe(true);
    expect(opened.terms.paymentId).toBe(keyed(false).numericId('payment:1'));
    expect(await replayedPayment(ctx, keyed(true))).toEqual(opened.terms);
  });
});

describe('openPayment without an Idempotency-Key', () => {
  it('takes a fresh id when another process minted the same one a moment earlier, and never refuses the request for it', async () => {
    const writeSide = fakeWriteSide();
    let collisions = 1;
    // Another gateway process created a payment under the id this attempt minted (same millisecond, same random bits).
    const send: typeof writeSide.commands.send = async (streamId, merchantId, input, commandId) => {
      if (collisions-- > 0)
        await writeSide.create(streamId, 'another-merchant', 'another-command', {} as PaymentTerms);
      return writeSide.commands.send(streamId, merchantId, input, commandId);
    };
    const ctx = { ...(await sources({})), ...writeSide, commands: { send } } as unknown as ServiceContext;

    const opened = await openPayment(ctx, intake('btc'));

    expect(opened.reply.ok).toBe(true);
    expect(writeSide.streams.get(`payment-${opened.terms.paymentId}`)?.data).toEqual(opened.terms);
    expect(writeSide.streams.size).toBe(2);
  });
});
