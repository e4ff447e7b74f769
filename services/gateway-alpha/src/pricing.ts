import { add, isNegative, percentOf, roundDown, roundUp, subtract, type Amount } from '@gw/domain';
import type { CryptoCurrency, RatesService } from '@gw/rates';

/** Payer amounts above this many US dollars are refused (the advertised max_amount). */
export const MAX_PAYMENT_USD = '1000000';

export interface PayLimits {
  minAmount: Amount;
  maxAmount: Amount;
}

/** The payer-amount window of a coin, in that coin: its catalogue minimum up to {@link MAX_PAYMENT_USD}. */
export function payLimitsOf(rates: RatesService, crypto: CryptoCurrency): PayLimits {
  return {
    minAmount: rates.minAmount(crypto.code, crypto.code).minAmount,
    maxAmount: rates.estimate(MAX_PAYMENT_USD, 'usd', crypto.code),
  };
}

/**
 * The commission of a payment is the network fee of forwarding it to the merchant (the coin's
 * catalogue withdraw fee); this gateway takes no percentage.
 */
export const networkFeeOf = (crypto: Pick<CryptoCurrency, 'withdrawFee'>): Amount => crypto.withdrawFee;
export const COMMISSION_PERCENT = '0';

export interface AlphaPricingInput {
  amount: Amount;
  priceCurrency: string;
  pay: CryptoCurrency;
  /** Upstream `discount_percent`: positive lowers the payer amount, negative is a surcharge. */
  discountPercent: number;
  /** Upstream `subtract`: the percent of the commission the payer covers on top. */
  subtractPercent: number;
}

export interface AlphaPricing {
  payerAmount: Amount;
  /** In the pay currency; negative for a surcharge. */
  discount: Amount;
}

/** payer amount = converted amount − discount + the payer's share of the network fee, rounded up. */
export function priceAlphaPayment(rates: RatesService, input: AlphaPricingInput): AlphaPricing {
  const { pay } = input;
  const converted = rates.payAmountFor(input.amount, input.priceCurrency, pay.code);
  const discount = roundDown(percentOf(converted, String(input.discountPercent)), pay.decimals);
  const feeShare = percentOf(networkFeeOf(pay), String(input.subtractPercent));
  return { payerAmount: roundUp(add(subtract(converted, discount), feeShare), pay.decimals), discount };
}

/** What reaches the merchant: the payer amount less the part of the network fee the payer did not cover. */
export function merchantAmountOf(payerAmount: Amount, networkFee: Amount, subtractPercent: Amount): Amount {
  const merchantShare = percentOf(networkFee, subtract('100', subtractPercent));
  const net = subtract(payerAmount, merchantShare);
  return isNegative(net) ? '0' : net;
}
