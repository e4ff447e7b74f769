import type { Command, DomainEvent } from '../messages';
import { assertNever } from '../errors';

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

/** One event per allocation, so an allocation's stream version is its index plus one. */
export type PayAddressAllocated = DomainEvent<
  'PayAddressAllocated',
  { index: number; paymentId: number; at: string }
>;
export type WalletEvent = PayAddressAllocated;

export interface Wallet {
  /** The next index to hand out: how many addresses the wallet has handed out so far. */
  nextIndex: number;
}

export const initialWallet = (): Wallet => ({ nextIndex: 0 });

export function evolveWallet(state: Wallet, event: WalletEvent): Wallet {
  switch (event.type) {
    case 'PayAddressAllocated':
      return { nextIndex: Math.max(state.nextIndex, event.data.index + 1) };
    default:
      return assertNever(event.type);
  }
}

export type AllocatePayAddress = Command<'AllocatePayAddress', { paymentId: number }>;
export type WalletCommand = AllocatePayAddress;
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
    default:
      return assertNever(command.type);
  }
}

/** `<merchantId>:<network>:<keyId>`: the id part of the wallet's stream id. */
export const walletIdOf = ({ merchantId, network, keyId }: WalletAddressing): string =>
  `${merchantId}:${network}:${keyId}`;

/** The index an allocation reply points at: its stream version minus one (one event per allocation). */
export const allocatedIndexOf = (version: number): number => version - 1;
