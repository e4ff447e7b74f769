import { isNegative, percentOf, subtract, type Amount } from '@gw/domain';

/** The commission of a payment is its network fee (networkFeeOf); this gateway takes no percentage. */
export const COMMISSION_PERCENT = '0';

/** What reaches the merchant: the payer amount less the part of the network fee the payer did not cover. */
export function merchantAmountOf(payerAmount: Amount, networkFee: Amount, subtractPercent: Amount): Amount {
  const merchantShare = percentOf(networkFee, subtract('100', subtractPercent));
  const net = subtract(payerAmount, merchantShare);
  return isNegative(net) ? '0' : net;
}
