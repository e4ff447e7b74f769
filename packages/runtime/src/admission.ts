import {
  admitPayment,
  PaymentRefused,
  type AdmittedPayment,
  type AdmittingMerchant,
  type PaymentRequestTerms,
  type RatesSnapshot,
  type Refusal,
} from '@gw/domain';
import type { InvoiceDocument, MerchantDocument } from '@gw/views';
import type { PaymentIntake } from './payment-intake';

/**
 * What admission needs of a merchant. Today the sandbox chain is the only one that pays, and it pays
 * on every network; merchant wallets and chain watchers narrow `payableNetworks` outside it.
 */
export function admittingMerchant(merchant: Pick<MerchantDocument, 'enabledCoins'>): AdmittingMerchant {
  return { enabledCoins: merchant.enabledCoins, payableNetworks: 'every' };
}

/** {@link admitPayment} for an entry point: a refusal leaves as that entry point's own error. */
export function admitOrRefuse(
  request: PaymentRequestTerms,
  merchant: Pick<MerchantDocument, 'enabledCoins'>,
  rates: RatesSnapshot,
  refusalError: (refusal: Refusal, message: string) => Error,
): AdmittedPayment {
  try {
    return admitPayment(request, admittingMerchant(merchant), rates);
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
