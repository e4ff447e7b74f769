import { randomUUID } from 'node:crypto';
import type { ReplyMessage } from '@gw/contracts';
import {
  PaymentRefused,
  streamIdOf,
  type AlphaTerms,
  type BetaTerms,
  type Family,
  type PaymentTerms,
  type RedirectUrls,
  type SandboxCase,
} from '@gw/domain';
import { chainNodeFor, newNumericId } from '@gw/platform';
import type { ServiceContext } from './context';
import { NoPayingWalletError } from './pay-addresses';

/** A family-neutral request to open a payment; each gateway translates its own body into this. */
export interface PaymentIntake {
  merchantId: string;
  family: Family;
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
 */
export async function openPayment(
  ctx: ServiceContext,
  intake: PaymentIntake,
  commandId?: string,
): Promise<OpenedPayment> {
  const terms = await newPaymentTerms(ctx, intake);
  const reply = await ctx.commands.send(
    streamIdOf('payment', terms.paymentId),
    intake.merchantId,
    { type: 'CreatePayment', data: terms, metadata: { now: terms.createdAt } },
    commandId,
  );
  return { terms, reply };
}

/** The terms of a new payment: with fresh ids and a fresh pay address. */
export async function newPaymentTerms(
  sources: PaymentTermsSources,
  intake: PaymentIntake,
): Promise<PaymentTerms> {
  const rates = sources.rates.current();
  const pay = rates.findCryptoCurrency(intake.payCurrency);
  const priceCurrency = rates.findCurrency(intake.priceCurrency);
  const now = sources.clock.now();
  const paymentId = newNumericId();
  const payTo = await sources.addresses
    .assign({ network: pay.network, merchantId: intake.merchantId, paymentId, now: now.toISOString() })
    .catch((error: unknown) => {
      // Admitted a moment ago, but the wallet stopped paying since: the same refusal admission gives.
      if (error instanceof NoPayingWalletError)
        throw new PaymentRefused({ code: 'NETWORK_NOT_PAYABLE', role: 'pay', coin: pay });
      throw error;
    });
  return {
    paymentId,
    uuid: randomUUID(),
    trackId: String(paymentId),
    merchantId: intake.merchantId,
    family: intake.family,
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
