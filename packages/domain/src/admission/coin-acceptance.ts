import type { CryptoCurrency } from '@gw/rates';
import type { MerchantProfile } from '../merchant/merchant';

/**
 * The networks on which a merchant can take money right now. Outside the sandbox that needs the
 * merchant's wallet for the chain and a running watcher; the sandbox chain can pay on every network.
 */
export type PayableNetworks = 'every' | ReadonlySet<string>;

/** What admission needs to know of a merchant. */
export interface AdmittingMerchant extends Pick<MerchantProfile, 'enabledCoins'> {
  payableNetworks: PayableNetworks;
}

type Coin = Pick<CryptoCurrency, 'code' | 'aliases' | 'network'>;

/**
 * A merchant's coin list names coins the way clients name them: by catalogue code or alias, in any
 * case (NOWPayments codes are case-insensitive and `usdcerc20` is `usdc`). A coin is enabled when the
 * list names it in any of those spellings; null enables every coin.
 */
export function isCoinEnabled(enabledCoins: readonly string[] | null, coin: Coin): boolean {
  if (enabledCoins === null) return true;
  return enabledCoins.some((entry) => {
    const named = entry.trim().toLowerCase();
    return named === coin.code || coin.aliases.includes(named);
  });
}

export function canTakeMoneyOn(payableNetworks: PayableNetworks, network: string): boolean {
  return payableNetworks === 'every' || payableNetworks.has(network);
}

/** Whether a merchant offers this coin to payers: named in its coin list, on a network that can take money. */
export function acceptsPayCurrency(merchant: AdmittingMerchant, coin: Coin): boolean {
  return isCoinEnabled(merchant.enabledCoins, coin) && canTakeMoneyOn(merchant.payableNetworks, coin.network);
}
