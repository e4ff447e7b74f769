import type { AnyCommand, AnyEventType, DomainErrorCode } from '@gw/domain';

/** `payments.commands`, keyed by stream id so one aggregate's commands are handled in order. */
export interface CommandMessage {
  commandId: string;
  streamId: string;
  merchantId: string;
  command: AnyCommand;
}

/**
 * Why payments refused a command: a domain rule, an event the store's schema refuses (a value the
 * decider let through but the event contract does not allow), or an internal failure.
 */
export type ReplyErrorCode = DomainErrorCode | 'EVENT_SCHEMA_VIOLATION' | 'INTERNAL';

/** `payments.replies`, keyed by correlation id. */
export type ReplyMessage =
  | { ok: true; commandId: string; streamId: string; version: number; eventTypes: string[] }
  | {
      ok: false;
      commandId: string;
      streamId: string;
      error: { code: ReplyErrorCode; message: string };
    };

/** `payments.events`, keyed by stream id: the public contract for internal subscribers. */
export interface EventMessage {
  eventId: string;
  type: AnyEventType;
  streamId: string;
  version: number;
  occurredAt: string;
  merchantId: string;
  data: Record<string, unknown>;
  metadata: { correlationId: string; causationId: string };
}

/** `chain.deposits`, keyed by pay address: a transaction seen by a chain watcher or the sandbox. */
export interface DepositMessage {
  payAddress: string;
  network: string;
  paymentId: number;
  merchantId: string;
  txHash: string;
  amount: string;
  fromAddress: string | null;
  confirmations: number;
  observedAt: string;
  /**
   * A chain watcher's: the block holding the transaction, null while it is in the mempool (also after a
   * reorganisation took its block away). Absent from the sandbox, whose chain never reorganises.
   */
  blockHash?: string | null;
  /** A chain watcher's: the height of `blockHash`, null with it; absent from the sandbox and older messages. */
  blockHeight?: number | null;
  /**
   * A chain watcher's: the output (`vout`) or log (`logIndex`) of the transaction that paid the address;
   * two outputs of one transaction are two deposits. Absent from the sandbox, which names none.
   */
  outputIndex?: number | null;
  /**
   * A chain watcher's: true when the transaction left the chain for good (not in the best chain and not
   * waiting to be mined for CHAIN_DROP_AFTER_BLOCKS blocks); the deposit no longer counts. Absent
   * otherwise.
   */
  dropped?: boolean;
  /**
   * A chain watcher's: true when the transaction pays the buyer's address of the payment's pending refund
   * (the merchant's refund), not the pay address. Absent otherwise.
   */
  refund?: boolean;
}
