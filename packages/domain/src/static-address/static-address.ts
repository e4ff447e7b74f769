import type { Amount } from '../money';
import type { DomainEvent } from '../messages';
import { assertNever } from '../errors';
import type { Family } from '../payment/payment';
import type { ChainBlockRef } from '../payment/prior-deposits';

/**
 * A permanent deposit address held for one customer: the merchant wallet's next receive address on one
 * network, handed out once and watched without an expiry. Every deposit to it becomes a payment of its
 * own (kind `static_address`); after it is revoked, deposits are recorded as refused, never credited.
 */
export interface StaticAddressTerms {
  /** The address's own identifier (family B `track_id`). */
  staticAddressId: number;
  /** Its uuid (family A `uuid`, a top-up's `wallet_address_uuid`). */
  uuid: string;
  merchantId: string;
  family: Family;
  /** The catalogue network code (`btc`, `eth`, `trx`…): one address takes every coin of it listed here. */
  network: string;
  /** The network as the family names it in its answers and webhooks (family A `tron`, `polygon`). */
  networkName: string;
  /** The coins a deposit is credited in: the network's coins the merchant was paid in when it opened. */
  payCurrencies: string[];
  address: string;
  /** The merchant wallet key and receive index the address was derived at. */
  walletKeyId: string;
  addressIndex: number;
  /** The chain's tip when the address was handed out: money mined at or below it was there before. */
  chainTip: ChainBlockRef | null;
  orderId: string | null;
  callbackUrl: string | null;
  email: string | null;
  description: string | null;
  /** The crypto received funds are to be converted to (recorded, as for invoices). */
  toCurrency: string | null;
  createdAt: string;
}

/**
 * What a static address's uuid is derived from (uuidFrom in @gw/platform): its id alone, so a deposit's
 * payment, which records the id, names the address's uuid too (family A `wallet_address_uuid`).
 */
export const staticAddressUuidSeed = (staticAddressId: number): string => `static-address:${staticAddressId}`;

/** One output paying the address, as the watcher reports it: `depositId` is `<network>:<txid>[:<vout>]`. */
export interface StaticDeposit {
  depositId: string;
  txHash: string;
  outputIndex: number | null;
  payCurrency: string;
  amount: Amount;
}

export type StaticAddressOpened = DomainEvent<'StaticAddressOpened', StaticAddressTerms>;
/** A deposit became its own payment, `paymentId`. */
export type StaticDepositCredited = DomainEvent<
  'StaticDepositCredited',
  StaticDeposit & { paymentId: number; at: string }
>;
/** A deposit arrived after the address was revoked: recorded for the merchant to see, never credited. */
export type StaticDepositRefused = DomainEvent<'StaticDepositRefused', StaticDeposit & { at: string }>;
export type StaticAddressRevoked = DomainEvent<'StaticAddressRevoked', { at: string }>;

export type StaticAddressEvent =
  StaticAddressOpened | StaticDepositCredited | StaticDepositRefused | StaticAddressRevoked;

export const STATIC_ADDRESS_EVENT_TYPES = {
  StaticAddressOpened: true,
  StaticDepositCredited: true,
  StaticDepositRefused: true,
  StaticAddressRevoked: true,
} as const satisfies { [Type in StaticAddressEvent['type']]: true };

/** What became of each deposit seen: the payment it opened, or null when it was refused. */
export type StaticDepositOutcomes = Readonly<Record<string, number | null>>;

export type StaticAddress =
  | { status: 'none' }
  | { status: 'open'; terms: StaticAddressTerms; deposits: StaticDepositOutcomes }
  | { status: 'revoked'; terms: StaticAddressTerms; deposits: StaticDepositOutcomes; revokedAt: string };

export const initialStaticAddress = (): StaticAddress => ({ status: 'none' });

export function evolveStaticAddress(state: StaticAddress, event: StaticAddressEvent): StaticAddress {
  switch (event.type) {
    case 'StaticAddressOpened':
      return state.status === 'none' ? { status: 'open', terms: event.data, deposits: {} } : state;
    case 'StaticDepositCredited':
    case 'StaticDepositRefused': {
      if (state.status === 'none') return state;
      const paymentId = event.type === 'StaticDepositCredited' ? event.data.paymentId : null;
      return { ...state, deposits: { ...state.deposits, [event.data.depositId]: paymentId } };
    }
    case 'StaticAddressRevoked':
      return state.status === 'open' ? { ...state, status: 'revoked', revokedAt: event.data.at } : state;
    default:
      return assertNever(event);
  }
}
