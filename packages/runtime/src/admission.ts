import {
  admitPayment,
  PaymentRefused,
  type AdmittedPayment,
  type AdmittingMerchant,
  type PayableCoins,
  type PaymentRequestTerms,
  type PriceFreshness,
  type RatesSnapshot,
  type Refusal,
} from '@gw/domain';
import type { GatewayConfig } from '@gw/platform';
import type { InvoiceDocument, MerchantDocument } from '@gw/views';
import { payingWallet, type PayingChains } from './pay-addresses';
import type { PaymentIntake } from './payment-intake';

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

/** What admission needs of a merchant: its coins, and the networks it can be paid on now. */
export function admittingMerchant(
  merchant: Pick<MerchantDocument, 'enabledCoins' | 'wallets'>,
  chains: PayingChains,
): AdmittingMerchant {
  return { enabledCoins: merchant.enabledCoins, payableCoins: payableCoinsOf(merchant, chains) };
}

/** What admission needs of the gateway's settings: where money can be taken, and how old a price may be. */
export type AdmissionSettings = PayingChains & Pick<GatewayConfig, 'prices'>;

/** Outside the sandbox, real money is asked only on prices younger than the configured limit. */
export function priceFreshnessOf(settings: AdmissionSettings, now: Date): PriceFreshness | null {
  return settings.sandboxEnabled ? null : { now, maxAgeSeconds: settings.prices.maxAgeSeconds };
}

/** {@link admitPayment} for an entry point: a refusal leaves as that entry point's own error. */
export function admitOrRefuse(
  request: PaymentRequestTerms,
  merchant: Pick<MerchantDocument, 'enabledCoins' | 'wallets'>,
  settings: AdmissionSettings,
  rates: RatesSnapshot,
  now: Date,
  refusalError: (refusal: Refusal, message: string) => Error,
): AdmittedPayment {
  return refusedAs(refusalError, () =>
    admitPayment(request, admittingMerchant(merchant, settings), rates, priceFreshnessOf(settings, now)),
  );
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
