import { offeredPayCurrencies, type AdmittingMerchant, type RatesSnapshot } from '@gw/domain';
import { betaSymbol } from '@gw/families';

/**
 * GET /beta/v1/payment/accepted-currencies: the symbols the merchant can be paid in now, by the very rule
 * that admits an invoice (enabled coins, on a network that takes money), each symbol once, in catalogue order.
 */
export function acceptedCurrencies(merchant: AdmittingMerchant, rates: RatesSnapshot): { list: string[] } {
  return { list: [...new Set(offeredPayCurrencies(merchant, rates).map(betaSymbol))] };
}
