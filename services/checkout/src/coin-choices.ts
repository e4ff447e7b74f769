import { admitPayment, offeredPayCurrencies, PaymentRefused, type Amount } from '@gw/domain';
import type { CryptoCurrency, RatesService } from '@gw/rates';
import {
  admittingMerchant,
  invoicePaymentRequest,
  priceFreshnessOf,
  type AdmissionSettings,
  type PayingChains,
} from '@gw/runtime';
import type { InvoiceDocument, MerchantDocument } from '@gw/views';

/** A currency the buyer may pick for an invoice, with what the order would cost in it. */
export interface CoinChoice {
  crypto: CryptoCurrency;
  /** The order's price in this coin; null when no rate is known. */
  approxAmount: Amount | null;
  /** False when admission would refuse the pick (e.g. the order is below the coin's minimum payment). */
  available: boolean;
}

/** The coins the merchant offers payers, exactly as every family lists them. */
export function enabledCryptos(
  rates: RatesService,
  merchant: MerchantDocument,
  chains: PayingChains,
): CryptoCurrency[] {
  return offeredPayCurrencies(admittingMerchant(merchant, chains), rates);
}

/** Choices for the invoice page; the invoice's own pay_currency comes first, so it is seen pre-selected. */
export function coinChoicesFor(
  rates: RatesService,
  merchant: MerchantDocument,
  invoice: InvoiceDocument,
  settings: AdmissionSettings,
  now: Date,
): CoinChoice[] {
  const choices = enabledCryptos(rates, merchant, settings).map((crypto) =>
    choiceOf(rates, merchant, invoice, crypto, settings, now),
  );
  const preselected = preselectedCode(invoice, choices);
  return preselected === null
    ? choices
    : [
        ...choices.filter((c) => c.crypto.code === preselected),
        ...choices.filter((c) => c.crypto.code !== preselected),
      ];
}

function choiceOf(
  rates: RatesService,
  merchant: MerchantDocument,
  invoice: InvoiceDocument,
  crypto: CryptoCurrency,
  settings: AdmissionSettings,
  now: Date,
): CoinChoice {
  try {
    const request = invoicePaymentRequest(invoice, crypto.code, null);
    const admitted = admitPayment(
      request,
      admittingMerchant(merchant, settings),
      rates,
      priceFreshnessOf(settings, now),
    );
    return { crypto, approxAmount: admitted.payAmount, available: true };
  } catch (error) {
    if (!(error instanceof PaymentRefused)) throw error;
    const { refusal } = error;
    const outOfLimits = refusal.code === 'BELOW_MINIMUM' || refusal.code === 'ABOVE_MAXIMUM';
    return { crypto, approxAmount: outOfLimits ? refusal.payAmount : null, available: false };
  }
}

export function preselectedCode(invoice: InvoiceDocument, choices: readonly CoinChoice[]): string | null {
  if (!invoice.payCurrency) return null;
  return findChoice(choices, invoice.payCurrency)?.crypto.code ?? null;
}

export function findChoice(choices: readonly CoinChoice[], code: string): CoinChoice | undefined {
  const wanted = code.trim().toLowerCase();
  return choices.find((c) => c.crypto.code === wanted || c.crypto.aliases.includes(wanted));
}
