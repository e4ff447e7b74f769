import type { MessageBus, OutgoingMessage } from '@gw/bus';
import type { DepositMessage } from '@gw/contracts';
import type { ChainBlock, ChainSource, NodeState, Transfer } from '../../src/watchers/chain-source';

/** A chain held in memory: blocks by height, and a mempool; a recipient is the pay address itself. */
export class MemoryChain implements ChainSource {
  readonly network = 'btc';
  blocks: ChainBlock[] = [{ height: 0, hash: 'b0', previousHash: null, transfers: [] }];
  mempool: Transfer[] = [];
  /** How many of the next hashAt calls fail, as a node that stops answering mid-poll. */
  failingHashAts = 0;

  decimalsOf(): number {
    return 8;
  }
  recipientOf({ payAddress }: { payAddress: string }): string {
    return payAddress;
  }
  async state(): Promise<NodeState> {
    const tip = this.blocks[this.blocks.length - 1]!;
    return { tip: { height: tip.height, hash: tip.hash }, blocksBehind: 0 };
  }
  async hashAt(height: number): Promise<string | null> {
    if (this.failingHashAts > 0) {
      this.failingHashAts--;
      throw new Error('the node stopped answering');
    }
    return this.blocks[height]?.hash ?? null;
  }
  async block(hash: string): Promise<ChainBlock> {
    const block = this.blocks.find((b) => b.hash === hash);
    if (!block) throw new Error(`no block ${hash}`);
    return block;
  }
  async pending(): Promise<Transfer[]> {
    return this.mempool;
  }
  async knowsTransaction(txHash: string): Promise<boolean> {
    return (
      this.mempool.some((t) => t.txHash === txHash) ||
      this.blocks.some((b) => b.transfers.some((t) => t.txHash === txHash))
    );
  }
  async addressHistory() {
    return { used: false, txHash: null };
  }

  /** Mines the mempool (or the given transfers) on top of the tip, under a hash of `tag`. */
  mine(tag = 'b', transfers: Transfer[] = this.mempool): void {
    const tip = this.blocks[this.blocks.length - 1]!;
    const height = tip.height + 1;
    this.blocks.push({ height, hash: `${tag}${height}`, previousHash: tip.hash, transfers });
    this.mempool = this.mempool.filter((t) => !transfers.includes(t));
  }
}

/** The deposits the watcher published, in order. */
export class RecordingBus implements MessageBus {
  readonly deposits: DepositMessage[] = [];
  async publish(_topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.deposits.push(...messages.map((m) => m.value as DepositMessage));
  }
  subscribe(): never {
    throw new Error('the watcher only publishes');
  }
  async consumerLag() {
    return [];
  }
  deadLetters() {
    return [];
  }
  async close(): Promise<void> {}
}
