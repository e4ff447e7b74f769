import type { MessageBus } from '@gw/bus';
import { TOPICS, type DepositMessage } from '@gw/contracts';
import { compare, type Amount } from '@gw/domain';
import type { Clock } from '@gw/platform';
import { SandboxError } from './errors';
import { versionFor, type SandboxLedger, type SandboxTransaction, type TransactionSource } from './ledger';

/** The payment a transaction pays, as the chain knows it: an address on a network. */
export interface PayTarget {
  paymentId: number;
  merchantId: string;
  payAddress: string;
  payNetwork: string;
}

export interface Broadcast {
  target: PayTarget;
  txHash: string;
  amount: Amount;
  fromAddress: string | null;
  confirmations: number;
  source: TransactionSource;
}

/**
 * The simulated chain: puts transactions on the ledger and reports them on `chain.deposits` exactly as a
 * chain watcher reports a real one (key = pay address). The ledger is written first, so every reported
 * transaction can have its confirmations advanced later; reporting the same state twice is harmless,
 * because payments de-duplicates deposits by (network, tx hash, confirmations).
 */
export class SandboxChain {
  constructor(
    private readonly bus: MessageBus,
    private readonly ledger: SandboxLedger,
    private readonly clock: Clock,
  ) {}

  async broadcast(tx: Broadcast): Promise<SandboxTransaction> {
    const known = await this.ledger.byTxHash(tx.txHash);
    if (known) {
      if (known.paymentId !== tx.target.paymentId || compare(known.amount, tx.amount) !== 0) {
        throw new SandboxError(409, `Transaction ${tx.txHash} already exists with another payment or amount`);
      }
      return this.confirm(tx.txHash, Math.max(known.confirmations, tx.confirmations));
    }
    const now = this.clock.now().toISOString();
    const transaction: SandboxTransaction = {
      id: tx.txHash,
      version: versionFor(tx.confirmations),
      txHash: tx.txHash,
      network: tx.target.payNetwork,
      payAddress: tx.target.payAddress,
      paymentId: tx.target.paymentId,
      merchantId: tx.target.merchantId,
      amount: tx.amount,
      fromAddress: tx.fromAddress,
      confirmations: tx.confirmations,
      source: tx.source,
      broadcastAt: now,
      observedAt: now,
    };
    await this.ledger.record(transaction);
    await this.report(transaction);
    return transaction;
  }

  /** Sets a transaction's confirmation count (absolute). Confirmations only grow, as on a chain that does not reorganise. */
  async confirm(txHash: string, confirmations: number): Promise<SandboxTransaction> {
    const known = await this.ledger.byTxHash(txHash);
    if (!known) throw new SandboxError(404, `No sandbox transaction ${txHash}`);
    if (confirmations < known.confirmations) {
      throw new SandboxError(409, `Transaction ${txHash} already has ${known.confirmations} confirmations`);
    }
    const transaction: SandboxTransaction = {
      ...known,
      version: versionFor(confirmations),
      confirmations,
      observedAt: this.clock.now().toISOString(),
    };
    await this.ledger.record(transaction);
    await this.report(transaction);
    return transaction;
  }

  private report(transaction: SandboxTransaction): Promise<void> {
    const deposit: DepositMessage = {
      payAddress: transaction.payAddress,
      network: transaction.network,
      paymentId: transaction.paymentId,
      merchantId: transaction.merchantId,
      txHash: transaction.txHash,
      amount: transaction.amount,
      fromAddress: transaction.fromAddress,
      confirmations: transaction.confirmations,
      observedAt: transaction.observedAt,
    };
    return this.bus.publish(TOPICS.deposits, [{ key: deposit.payAddress, value: deposit }]);
  }
}
