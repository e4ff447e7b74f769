import type { ReadModelDocument, ReadModelStore } from '@gw/store';

export const SANDBOX_TRANSACTIONS = 'sandboxTransactions';

/** Who put the transaction on the sandbox chain: a tester through the API, or a `case` walk. */
export type TransactionSource = 'tester' | 'case';

/**
 * A transaction on the sandbox chain, as a block explorer would show it. `version` is the confirmation
 * count plus one, so a write that does not raise the confirmations never overwrites a newer one.
 */
export interface SandboxTransaction extends ReadModelDocument {
  txHash: string;
  network: string;
  payAddress: string;
  paymentId: number;
  merchantId: string;
  amount: string;
  fromAddress: string | null;
  confirmations: number;
  source: TransactionSource;
  broadcastAt: string;
  observedAt: string;
}

export const versionFor = (confirmations: number): number => confirmations + 1;

/** The sandbox chain's own record of what it broadcast, kept in the read-model store beside the views. */
export class SandboxLedger {
  constructor(private readonly readModels: ReadModelStore) {}

  private get transactions() {
    return this.readModels.collection<SandboxTransaction>(SANDBOX_TRANSACTIONS);
  }

  ensureIndexes(): Promise<void> {
    return this.transactions.ensureIndexes([
      {
        fields: [
          ['paymentId', 1],
          ['broadcastAt', 1],
        ],
      },
    ]);
  }

  byTxHash(txHash: string): Promise<SandboxTransaction | null> {
    return this.transactions.get(txHash);
  }

  forPayment(paymentId: number): Promise<SandboxTransaction[]> {
    return this.transactions.find({ filter: { paymentId }, sort: [['broadcastAt', 1]] });
  }

  async record(transaction: SandboxTransaction): Promise<void> {
    await this.transactions.upsertIfNewer(transaction);
  }
}
