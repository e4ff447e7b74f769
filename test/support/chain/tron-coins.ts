import { tronAddressToHex } from '@gw/platform';
import { fromBaseUnits, toBaseUnits } from '@gw/pricing';
import type { AnvilNode } from './anvil-node';
import type { EvmCoin } from './evm-coins';
import type { TestToken } from './test-token';

/** TRX counts in sun (10^-6); the test's USDT-TRC20 stand-in token has 6 decimals too. */
const TRX_DECIMALS = 6;

/** Pays a `T…` address at its hex form, as Tron's JSON-RPC (and so the anvil standing in for it) names it. */
const hexOf = (to: string) => (to.startsWith('T') ? tronAddressToHex(to) : to);

/** TRX on an anvil standing in for Tron's JSON-RPC: the native coin in sun, paid to `T…` addresses. */
export function trxCoin(node: AnvilNode): EvmCoin {
  return {
    code: 'trx',
    contract: null,
    units: (amount) => BigInt(toBaseUnits(String(amount), TRX_DECIMALS)),
    amountOf: (units) => fromBaseUnits(units.toString(), TRX_DECIMALS),
    sign: (to, units) => node.signNative(hexOf(to), units),
    pay: (to, units) => node.payNative(hexOf(to), units),
  };
}

/** A TRC-20 token (the test's USDT) on an anvil standing in for Tron, paid to `T…` addresses. */
export function trc20Coin(token: TestToken, code: string): EvmCoin {
  return {
    code,
    contract: token.address,
    units: (amount) => BigInt(toBaseUnits(String(amount), token.decimals)),
    amountOf: (units) => fromBaseUnits(units.toString(), token.decimals),
    sign: (to, units, sender = 'account') => token.sign(hexOf(to), units, sender),
    pay: (to, units, sender = 'account') => token.send(hexOf(to), units, sender),
  };
}
