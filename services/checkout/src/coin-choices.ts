import { admitPayment, offeredPayCurrencies, PaymentRefused, type Amount, type PriceViews } from '@gw/domain';
import type { CryptoCurrency, RatesService } from '@gw/pricing';
import {
  admittingMerchant,
  invoicePaymentRequest,
  type AdmissionSettings,
  type PayingChains,
} from '@gw/application';
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
  prices: PriceViews<RatesService>,
  merchant: MerchantDocument,
  invoice: InvoiceDocument,
  settings: AdmissionSettings,
): CoinChoice[] {
  const choices = enabledCryptos(prices.fixed, merchant, settings).map((crypto) =>
    choiceOf(prices, merchant, invoice, crypto, settings),
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
  prices: PriceViews<RatesService>,
  merchant: MerchantDocument,
  invoice: InvoiceDocument,
  crypto: CryptoCurrency,
  settings: AdmissionSettings,
): CoinChoice {
  try {
    const request = invoicePaymentRequest(invoice, crypto.code, null);
    const admitted = admitPayment(request, admittingMerchant(merchant, settings), prices);
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
