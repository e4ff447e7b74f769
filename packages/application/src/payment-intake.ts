import { randomUUID } from 'node:crypto';
import type { ReplyMessage } from '@gw/contracts';
import {
  PaymentRefused,
  defaultPaymentKind,
  streamIdOf,
  type AlphaTerms,
  type BetaTerms,
  type Family,
  type PaymentKind,
  type PaymentTerms,
  type RedirectUrls,
  type SandboxCase,
} from '@gw/domain';
import { chainNodeFor, newNumericId } from '@gw/platform';
import type { ServiceContext } from './context';
import { committedCreate, settledCreate, type KeyedCreate } from './keyed-create';
import { NoPayingWalletError, type PayingMerchant } from './pay-addresses';
import { ID_PROBES, idTaken } from './fresh-ids';

/** A family-neutral request to open a payment; each gateway translates its own body into this. */
export interface PaymentIntake {
  merchantId: string;
  /**
   * The merchant document the request was admitted with, when the entry point has it: the pay address
   * comes from the same wallets admission found paying, without reading the merchant again (a round
   * trip to the read models on every create). Absent, the address source reads it.
   */
  merchant?: PayingMerchant;
  family: Family;
  /** How the payment was asked for; the family's usual kind when absent (defaultPaymentKind). */
  kind?: PaymentKind;
  priceAmount: string;
  priceCurrency: string;
  payCurrency: string;
  /** What the payer sends, as admission priced it. */
  payAmount: string;
  orderId: string | null;
  orderDescription: string | null;
  purchaseId?: number;
  invoiceId?: string | null;
  callbackUrl: string | null;
  redirectUrls?: Partial<RedirectUrls>;
  lifetimeSeconds: number;
  underpaidTolerancePercent?: string;
  isPaymentMultiple?: boolean;
  isFixedRate?: boolean;
  isFeePaidByUser?: boolean;
  sandboxCase?: SandboxCase | null;
  alpha?: AlphaTerms | null;
  beta?: BetaTerms | null;
}

export interface OpenedPayment {
  terms: PaymentTerms;
  reply: ReplyMessage;
}

/** What giving a payment its address and ids needs. */
export type PaymentTermsSources = Pick<ServiceContext, 'rates' | 'addresses' | 'clock' | 'config'>;

/**
 * Assigns an admitted payment a fresh pay address and ids, and asks payments to create it. Entry
 * points admit the request first (admitOrRefuse): the intake carries admitted currencies and amounts.
 *
 * With an Idempotency-Key (`key`), the payment id, uuid and command id derive from the key, so every
 * attempt of the request asks for the same stream with the same command: an attempt after a crash is
 * answered from what the first one committed, and its terms are the stored ones. A numeric id that
 * another payment already holds (12 random bits within one millisecond, derived, or minted by another
 * gateway process) moves on to the next: a valid request is never refused for an id it did not choose.
 */
export async function openPayment(
  ctx: ServiceContext,
  intake: PaymentIntake,
  key: KeyedCreate | null = null,
): Promise<OpenedPayment> {
  for (let probe = 0; ; probe++) {
    const ids = key ? keyedPaymentIds(key, probe) : undefined;
    const terms = await newPaymentTerms(ctx, intake, ids);
    const streamId = streamIdOf('payment', terms.paymentId);
    const reply = await ctx.commands.send(
      streamId,
      intake.merchantId,
      { type: 'CreatePayment', data: terms, metadata: { now: terms.createdAt } },
      ids?.commandId,
    );
    // Another payment holds the id: a derived one (a keyed create moves on to the next), or a fresh one
    // another process minted in the same millisecond with the same random bits.
    if (idTaken(reply) && probe + 1 < ID_PROBES) continue;
    if (!key || !ids || !reply.ok) return { terms, reply };
    const target = { streamId, commandId: ids.commandId, type: 'PaymentCreated' };
    return { terms: await settledCreate(ctx.history, key, target, terms), reply };
  }
}

/**
 * For a keyed create an earlier attempt may have committed (it began and left no answer): the terms of
 * the payment it created, announced as a replay; null when it created none (or the request is new).
 * Entry points ask before admitting again, since prices and settings may have moved since.
 */
export async function replayedPayment(
  ctx: Pick<ServiceContext, 'history'>,
  key: KeyedCreate | null,
): Promise<PaymentTerms | null> {
  if (!key?.resumed) return null;
  for (let probe = 0; probe < ID_PROBES; probe++) {
    const { paymentId, commandId } = keyedPaymentIds(key, probe);
    const stored = await committedCreate<PaymentTerms>(
      ctx.history,
      streamIdOf('payment', paymentId),
      commandId,
      'PaymentCreated',
    );
    if (stored === null) return null;
    if (stored !== 'taken') {
      key.replayed();
      return stored.found;
    }
  }
  return null;
}

function keyedPaymentIds(key: KeyedCreate, probe: number): PaymentIds & { commandId: string } {
  return {
    paymentId: key.numericId(`payment:${probe}`),
    uuid: key.uuid('payment'),
    commandId: key.commandId('payment'),
  };
}

/** The ids a payment is created with; fresh random ones unless a keyed create decides them. */
export interface PaymentIds {
  paymentId: number;
  uuid: string;
}

/** The terms of a new payment: with fresh ids and a fresh pay address. */
export async function newPaymentTerms(
  sources: PaymentTermsSources,
  intake: PaymentIntake,
  ids: PaymentIds = { paymentId: newNumericId(), uuid: randomUUID() },
): Promise<PaymentTerms> {
  const rates = sources.rates.current();
  const pay = rates.findCryptoCurrency(intake.payCurrency);
  const priceCurrency = rates.findCurrency(intake.priceCurrency);
  const now = sources.clock.now();
  const { paymentId } = ids;
  const payTo = await sources.addresses
    .assign({
      network: pay.network,
      merchantId: intake.merchantId,
      ...(intake.merchant ? { merchant: intake.merchant } : {}),
      paymentId,
      now: now.toISOString(),
    })
    .catch((error: unknown) => {
      // Admitted a moment ago, but the wallet stopped paying since: the same refusal admission gives.
      if (error instanceof NoPayingWalletError)
        throw new PaymentRefused({ code: 'NETWORK_NOT_PAYABLE', role: 'pay', coin: pay });
      throw error;
    });
  return {
    paymentId,
    uuid: ids.uuid,
    trackId: String(paymentId),
    merchantId: intake.merchantId,
    family: intake.family,
    kind: intake.kind ?? defaultPaymentKind(intake.family),
    priceAmount: intake.priceAmount,
    priceCurrency: priceCurrency.code,
    payCurrency: pay.code,
    payNetwork: pay.network,
    payAmount: intake.payAmount,
    payDecimals: pay.decimals,
    payAddress: payTo.address,
    payinExtraId: payTo.extraId,
    payWalletKeyId: payTo.walletKeyId,
    payAddressIndex: payTo.addressIndex,
    payAddressChainTip: payTo.chainTip,
    testPayment: payTo.testPayment,
    outcomeCurrency: pay.code,
    orderId: intake.orderId,
    orderDescription: intake.orderDescription,
    purchaseId: intake.purchaseId ?? newNumericId(),
    invoiceId: intake.invoiceId ?? null,
    callbackUrl: intake.callbackUrl,
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null, ...intake.redirectUrls },
    underpaidTolerancePercent: intake.underpaidTolerancePercent ?? '0',
    isPaymentMultiple: intake.isPaymentMultiple ?? true,
    // The operator's count for a watched network (BTC_CONFIRMATIONS…), else the catalogue's.
    requiredConfirmations:
      chainNodeFor(sources.config.chainWatchers, pay.network)?.confirmations ?? pay.requiredConfirmations,
    isFixedRate: intake.isFixedRate ?? false,
    isFeePaidByUser: intake.isFeePaidByUser ?? false,
    sandboxCase: intake.sandboxCase ?? null,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + intake.lifetimeSeconds * 1000).toISOString(),
    alpha: intake.alpha ?? null,
    beta: intake.beta ?? null,
    parentPaymentId: null,
  };
}
