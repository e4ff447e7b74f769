import type { Command, DomainEvent } from '../messages';
import { defineAggregate } from '../aggregate';
import { DomainError, assertNever } from '../errors';

/**
 * The receive addresses handed out from one merchant's watch-only key on one chain. Every payment
 * that pays to that wallet takes the next derivation index, and an index is never handed out twice:
 * the stream is the allocation, appended with optimistic concurrency by payments, the only writer.
 * A merchant who sets another key starts a new wallet stream at index 0; setting an earlier key again
 * continues its stream.
 */
export interface WalletAddressing {
  merchantId: string;
  network: string;
  keyId: string;
}

/**
 * One event per index handed out, so an allocation's stream version is its index plus one: a skip
 * hands out the next index as well.
 */
export type PayAddressAllocated = DomainEvent<
  'PayAddressAllocated',
  { index: number; paymentId: number; at: string }
>;
/**
 * The address at `skippedIndex`, handed out to the payment a moment ago, already has history on its
 * chain (the merchant's wallet app used it, or a gateway started again at index 0 on a wallet with
 * history): the payment takes `index`, the next one, instead, and the used address is never handed out.
 * `txHash` is a transaction the node showed at the used address.
 */
export type UsedPayAddressSkipped = DomainEvent<
  'UsedPayAddressSkipped',
  {
    skippedIndex: number;
    skippedAddress: string;
    txHash: string | null;
    index: number;
    paymentId: number;
    at: string;
  }
>;
export type WalletEvent = PayAddressAllocated | UsedPayAddressSkipped;

export interface Wallet {
  /** The next index to hand out: how many addresses the wallet has handed out so far. */
  nextIndex: number;
}

export const initialWallet = (): Wallet => ({ nextIndex: 0 });

export function evolveWallet(state: Wallet, event: WalletEvent): Wallet {
  switch (event.type) {
    case 'PayAddressAllocated':
    case 'UsedPayAddressSkipped':
      return { nextIndex: Math.max(state.nextIndex, event.data.index + 1) };
    default:
      return assertNever(event);
  }
}

export type AllocatePayAddress = Command<'AllocatePayAddress', { paymentId: number }>;
/** The address just handed out to the payment at `skippedIndex` has on-chain history: give it the next one. */
export type SkipUsedPayAddress = Command<
  'SkipUsedPayAddress',
  { paymentId: number; skippedIndex: number; skippedAddress: string; txHash: string | null }
>;
export type WalletCommand = AllocatePayAddress | SkipUsedPayAddress;
export type WalletCommandType = WalletCommand['type'];

export function decideWallet(command: WalletCommand, state: Wallet): WalletEvent[] {
  switch (command.type) {
    case 'AllocatePayAddress':
      return [
        {
          type: 'PayAddressAllocated',
          data: { index: state.nextIndex, paymentId: command.data.paymentId, at: command.metadata.now },
        },
      ];
    case 'SkipUsedPayAddress': {
      const { paymentId, skippedIndex, skippedAddress, txHash } = command.data;
      if (skippedIndex >= state.nextIndex)
        throw new DomainError('NOT_FOUND', `index ${skippedIndex} was never handed out`);
      return [
        {
          type: 'UsedPayAddressSkipped',
          data: {
            skippedIndex,
            skippedAddress,
            txHash,
            index: state.nextIndex,
            paymentId,
            at: command.metadata.now,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

/** `<merchantId>:<network>:<keyId>`: the id part of the wallet's stream id. */
export const walletIdOf = ({ merchantId, network, keyId }: WalletAddressing): string =>
  `${merchantId}:${network}:${keyId}`;

/** The index an allocation reply points at: its stream version minus one (one event per allocation). */
export const allocatedIndexOf = (version: number): number => version - 1;

export const walletAggregate = defineAggregate<'wallet', WalletCommand, WalletEvent, Wallet>({
  name: 'wallet',
  commandTypes: { AllocatePayAddress: true, SkipUsedPayAddress: true },
  eventTypes: { PayAddressAllocated: true, UsedPayAddressSkipped: true },
  decide: decideWallet,
  evolve: evolveWallet,
  initialState: initialWallet,
});
