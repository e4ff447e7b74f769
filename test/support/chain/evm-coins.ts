import { fromBaseUnits, toBaseUnits } from '@gw/pricing';
import type { Hash, Hex } from 'viem';
import type { AnvilNode } from './anvil-node';
import type { TestToken, TokenSender } from './test-token';

/**
 * What a buyer pays with on a private anvil: the chain's native coin or a test token, named by the
 * catalogue code the gateway knows it as (eth, bnbbsc, usdterc20, usdtbsc…).
 */
export interface EvmCoin {
  code: string;
  /** The token's contract; null for the native coin. */
  contract: string | null;
  /** A decimal amount in the coin's smallest units (wei, or the token's 10^-decimals). */
  units(amount: string | number): bigint;
  /** Smallest units as the decimal amount the gateway records. */
  amountOf(units: bigint): string;
  /**
   * The buyer's signed payment, to broadcast (again, after a reorganisation dropped it). A token goes from
   * an account or a contract (both emit a Transfer log); the native coin only from the buyer's account.
   */
  sign(to: string, units: bigint, sender?: TokenSender): Promise<Hex>;
  /** Pays and resolves once the payment is mined, with its transaction hash. */
  pay(to: string, units: bigint, sender?: TokenSender): Promise<Hash>;
}

export function nativeCoin(node: AnvilNode, code: string): EvmCoin {
  return {
    code,
    contract: null,
    units: (amount) => BigInt(toBaseUnits(String(amount), 18)),
    amountOf: (units) => fromBaseUnits(units.toString(), 18),
    sign: (to, units) => node.signNative(to, units),
    pay: (to, units) => node.payNative(to, units),
  };
}

export function tokenCoin(token: TestToken, code: string): EvmCoin {
  return {
    code,
    contract: token.address,
    units: (amount) => BigInt(toBaseUnits(String(amount), token.decimals)),
    amountOf: (units) => fromBaseUnits(units.toString(), token.decimals),
    sign: (to, units, sender = 'account') => token.sign(to, units, sender),
    pay: (to, units, sender = 'account') => token.send(to, units, sender),
  };
}
