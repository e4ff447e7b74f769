import type { CryptoCurrency } from '@gw/pricing';
import type { MerchantProfile } from '../merchant/merchant';

/**
 * The coins (catalogue codes) a merchant can take money in right now. Outside the sandbox that needs the
 * merchant's wallet for the chain and a running watcher that follows the coin (a network's native coin,
 * and on EVM networks the tokens configured); the sandbox chain can pay any coin.
 */
export type PayableCoins = 'every' | ReadonlySet<string>;

/** What admission needs to know of a merchant. */
export interface AdmittingMerchant extends Pick<MerchantProfile, 'enabledCoins'> {
  payableCoins: PayableCoins;
  /**
   * The coins whose payments land in the merchant's own wallet on a mainnet chain: real money.
   * Absent: none (every payment is a test payment).
   */
  realMoneyCoins?: ReadonlySet<string>;
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

/** Whether a payment in this coin asks the merchant's buyer for real money. */
export function takesRealMoneyIn(
  merchant: Pick<AdmittingMerchant, 'realMoneyCoins'>,
  coin: Pick<Coin, 'code'>,
): boolean {
  return merchant.realMoneyCoins?.has(coin.code) ?? false;
}

export function canTakeMoneyIn(payableCoins: PayableCoins, coin: Pick<Coin, 'code'>): boolean {
  return payableCoins === 'every' || payableCoins.has(coin.code);
}

/** Whether a merchant offers this coin to payers: named in its coin list, on a network that can take money. */
export function acceptsPayCurrency(merchant: AdmittingMerchant, coin: Coin): boolean {
  return isCoinEnabled(merchant.enabledCoins, coin) && canTakeMoneyIn(merchant.payableCoins, coin);
}
