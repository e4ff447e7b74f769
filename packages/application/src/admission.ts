import {
  admitPayment,
  PaymentRefused,
  type AdmittedPayment,
  type AdmittingMerchant,
  type PayableCoins,
  type PaymentRequestTerms,
  type PriceViews,
  type Refusal,
} from '@gw/domain';
import { mainnetNetworksOf, type GatewayConfig } from '@gw/platform';
import type { InvoiceDocument, MerchantDocument } from '@gw/views';
import { payingWallet, type PayingChains } from './pay-addresses';
import type { PaymentIntake } from './payment-intake';
import type { RatesService } from '@gw/pricing';
import type { RatesSource } from './rates-source';

/**
 * The coins that can take money now. The sandbox chain pays every coin while it is on (as test
 * payments); outside it, only the coins a watcher follows (a network's native coin, and the configured
 * tokens of an EVM network) on a network where the merchant has a wallet for the chain the operator's
 * node follows. Without a merchant (a public list), the coins the watchers follow.
 */
export function payableCoinsOf(
  merchant: Pick<MerchantDocument, 'wallets'> | null,
  chains: PayingChains,
): PayableCoins {
  if (chains.sandboxEnabled) return 'every';
  const nodes = Object.values(chains.chainWatchers.nodes);
  const paying = merchant ? nodes.filter((node) => payingWallet(merchant, node.network, chains)) : nodes;
  return new Set(paying.flatMap((node) => node.coins));
}

/**
 * The coins whose payments land in the merchant's own wallet on a mainnet chain: real money, asked
 * only on live prices, sandbox or not.
 */
export function realMoneyCoinsOf(
  merchant: Pick<MerchantDocument, 'wallets'>,
  chains: PayingChains,
): ReadonlySet<string> {
  const nodes = mainnetNetworksOf(chains.chainWatchers).map(
    (network) => chains.chainWatchers.nodes[network]!,
  );
  return new Set(
    nodes.filter((node) => payingWallet(merchant, node.network, chains)).flatMap((node) => node.coins),
  );
}

/** What admission needs of a merchant: its coins, those it can be paid in now, which of them in real money. */
export function admittingMerchant(
  merchant: Pick<MerchantDocument, 'enabledCoins' | 'wallets'>,
  chains: PayingChains,
): AdmittingMerchant {
  return {
    enabledCoins: merchant.enabledCoins,
    payableCoins: payableCoinsOf(merchant, chains),
    realMoneyCoins: realMoneyCoinsOf(merchant, chains),
  };
}

/** What admission needs of the gateway's settings: where money can be taken, and how old a price may be. */
export type AdmissionSettings = PayingChains & Pick<GatewayConfig, 'prices'>;

/** Both price views at `now`: the fixed snapshot, and the live prices with the configured age limit. */
export function priceViewsOf(
  rates: Pick<RatesSource, 'fixed' | 'live'>,
  settings: Pick<GatewayConfig, 'prices'>,
  now: Date,
): PriceViews<RatesService> {
  return {
    fixed: rates.fixed(),
    live: rates.live(),
    freshness: { now, maxAgeSeconds: settings.prices.maxAgeSeconds },
  };
}

/** {@link admitPayment} for an entry point: a refusal leaves as that entry point's own error. */
export function admitOrRefuse(
  request: PaymentRequestTerms,
  merchant: Pick<MerchantDocument, 'enabledCoins' | 'wallets'>,
  settings: AdmissionSettings,
  prices: PriceViews,
  refusalError: (refusal: Refusal, message: string) => Error,
): AdmittedPayment {
  return refusedAs(refusalError, () => admitPayment(request, admittingMerchant(merchant, settings), prices));
}

/**
 * {@link refusedAs} for a step that answers later: opening an admitted payment is refused after all when
 * the merchant's wallet stopped paying on the network (removed, or replaced by a key for another chain)
 * between admission and address assignment.
 */
export async function refusedLater<T>(
  refusalError: (refusal: Refusal, message: string) => Error,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw error instanceof PaymentRefused ? refusalError(error.refusal, error.message) : error;
  }
}

/** Runs a domain rule for an entry point: a {@link PaymentRefused} leaves as that entry point's own error. */
export function refusedAs<T>(refusalError: (refusal: Refusal, message: string) => Error, rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    throw error instanceof PaymentRefused ? refusalError(error.refusal, error.message) : error;
  }
}

/** The admitted currencies, amounts and lifetime, as a payment intake carries them. */
export function admittedIntakeTerms(
  admitted: AdmittedPayment,
): Pick<PaymentIntake, 'priceAmount' | 'priceCurrency' | 'payCurrency' | 'payAmount' | 'lifetimeSeconds'> {
  return {
    priceAmount: admitted.priceAmount,
    priceCurrency: admitted.priceCurrency.code,
    payCurrency: admitted.payCurrency.code,
    payAmount: admitted.payAmount,
    lifetimeSeconds: admitted.lifetimeSeconds,
  };
}

/** A payment of a V1 invoice, through the API or the hosted page: the invoice fixes the price, the buyer names the coin. */
export function invoicePaymentRequest(
  invoice: Pick<InvoiceDocument, 'priceAmount' | 'priceCurrency'>,
  payCurrency: string,
  lifetimeSeconds: number | null,
): PaymentRequestTerms {
  return {
    family: 'v1',
    priceAmount: invoice.priceAmount,
    priceCurrency: invoice.priceCurrency,
    payCurrency,
    lifetimeSeconds,
  };
}

/**
 * What an invoice fixes for its payment, through the API or the hosted page: its merchant, order,
 * callback and redirects, and the rate: a fee paid by the buyer fixes it too, as upstream does.
 */
export function invoicePaymentTerms(
  invoice: InvoiceDocument,
): Pick<
  PaymentIntake,
  | 'merchantId'
  | 'family'
  | 'orderId'
  | 'orderDescription'
  | 'invoiceId'
  | 'callbackUrl'
  | 'redirectUrls'
  | 'isFixedRate'
  | 'isFeePaidByUser'
> {
  return {
    merchantId: invoice.merchantId,
    family: 'v1',
    orderId: invoice.orderId,
    orderDescription: invoice.orderDescription,
    invoiceId: invoice.invoiceId,
    callbackUrl: invoice.ipnCallbackUrl,
    redirectUrls: {
      success: invoice.successUrl,
      cancel: invoice.cancelUrl,
      partiallyPaid: invoice.partiallyPaidUrl,
    },
    isFixedRate: invoice.isFixedRate || invoice.isFeePaidByUser,
    isFeePaidByUser: invoice.isFeePaidByUser,
  };
}
