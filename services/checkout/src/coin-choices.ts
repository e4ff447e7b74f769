import { compare, type Amount } from '@gw/domain';
import type { CryptoCurrency, RatesService } from '@gw/rates';
import type { InvoiceDocument, MerchantDocument } from '@gw/views';

/** A currency the buyer may pick for an invoice, with what the order would cost in it. */
export interface CoinChoice {
  crypto: CryptoCurrency;
  /** The order's price in this coin; null when no rate is known. */
  approxAmount: Amount | null;
  /** False when the order is below the coin's minimum payment (the pick would be refused). */
  available: boolean;
}

/** The merchant's enabled coins (null: the whole catalogue). Codes and aliases both count, as in the V1 API. */
export function enabledCryptos(rates: RatesService, merchant: MerchantDocument): CryptoCurrency[] {
  const enabled = merchant.enabledCoins?.map((coin) => coin.toLowerCase());
  const all = rates.cryptoCurrencies();
  if (!enabled) return [...all];
  return all.filter(
    (crypto) => enabled.includes(crypto.code) || crypto.aliases.some((alias) => enabled.includes(alias)),
  );
}

/** Choices for the invoice page; the invoice's own pay_currency comes first, so it is seen pre-selected. */
export function coinChoicesFor(
  rates: RatesService,
  merchant: MerchantDocument,
  invoice: InvoiceDocument,
): CoinChoice[] {
  const choices = enabledCryptos(rates, merchant).map((crypto) => choiceOf(rates, invoice, crypto));
  const preselected = preselectedCode(invoice, choices);
  return preselected === null
    ? choices
    : [
        ...choices.filter((c) => c.crypto.code === preselected),
        ...choices.filter((c) => c.crypto.code !== preselected),
      ];
}

function choiceOf(rates: RatesService, invoice: InvoiceDocument, crypto: CryptoCurrency): CoinChoice {
  try {
    const approxAmount = rates.payAmountFor(invoice.priceAmount, invoice.priceCurrency, crypto.code);
    const minimum = rates.minAmount(crypto.code, crypto.code).minAmount;
    return { crypto, approxAmount, available: compare(approxAmount, minimum) >= 0 };
  } catch {
    return { crypto, approxAmount: null, available: false };
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
