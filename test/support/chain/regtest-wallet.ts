import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { segwitOutputScript } from '../../../services/chain/src/watchers/utxo/output-script';
import { MINER_PRIVATE_KEY, minerPayment } from './regtest-keys';
import type { RegtestNode } from './regtest-node';

interface Coin {
  txid: string;
  index: number;
  amount: bigint;
}

const FEE = 10_000n;
/** No relative lock time and no replace-by-fee signal. */
const FINAL_SEQUENCE = 0xffffffff;
/** Below 0xfffffffe: the input signals that a higher-fee spend of its coin may replace it (BIP 125). */
const REPLACEABLE_SEQUENCE = 0xfffffffd;

const sum = (outputs: { amount: bigint }[]): bigint => outputs.reduce((total, o) => total + o.amount, 0n);
const COINBASE_MATURITY = 100;

/**
 * Spends the test miner's coinbase with transactions signed here (@scure/btc-signer), as a buyer's
 * wallet would: each payment spends one coin and sends the change back to the miner.
 */
export class RegtestWallet {
  private readonly coins: Coin[] = [];
  private readonly sent = new Map<string, string>();
  private readonly minerScript: Uint8Array;

  constructor(private readonly node: RegtestNode) {
    this.minerScript = minerPayment(node.network).script;
  }

  /** Mines `coins` spendable coinbase outputs (plus the 100 blocks that mature them). */
  async fund(coins: number): Promise<void> {
    const hashes = await this.node.mine(
      Math.max(coins + COINBASE_MATURITY, this.node.segwitActivationHeight),
    );
    for (const hash of hashes.slice(0, coins)) {
      const block = await this.node.call<{
        tx?: { txid: string; hex: string }[];
        rawtx?: { txid: string; hex: string }[];
      }>('getblock', [hash, 2]);
      const coinbase = (block.tx ?? block.rawtx)![0]!;
      const tx = Transaction.fromRaw(hex.decode(coinbase.hex), {
        allowUnknownInputs: true,
        allowUnknownOutputs: true,
      });
      for (let index = 0; index < tx.outputsLength; index++) {
        const output = tx.getOutput(index);
        if (output.script && hex.encode(output.script) === hex.encode(this.minerScript)) {
          this.coins.push({ txid: coinbase.txid, index, amount: output.amount! });
        }
      }
    }
  }

  /** Signs and broadcasts one transaction paying each address its amount in base units; returns its txid. */
  async pay(outputs: { address: string; amount: bigint }[]): Promise<string> {
    const coin = this.takeCoin();
    const txid = await this.broadcast(this.signed(coin, outputs, FINAL_SEQUENCE, FEE));
    // The change is spendable at once (a chain of unconfirmed transactions), so no coin is wasted.
    this.coins.push({ txid, index: outputs.length, amount: coin.amount - FEE - sum(outputs) });
    return txid;
  }

  /**
   * Pays like `pay` with a transaction that signals replace-by-fee (BIP 125) and whose change is never
   * reused; `doubleSpend` then sends the same coin back to the miner alone with a higher fee, which
   * replaces the payment in the mempool: the double spend a buyer can make before a block holds it.
   */
  async payReplaceable(
    outputs: { address: string; amount: bigint }[],
  ): Promise<{ txid: string; doubleSpend(): Promise<string> }> {
    const coin = this.takeCoin();
    const txid = await this.broadcast(this.signed(coin, outputs, REPLACEABLE_SEQUENCE, FEE));
    return {
      txid,
      doubleSpend: () => this.broadcast(this.signed(coin, [], REPLACEABLE_SEQUENCE, 10n * FEE)),
    };
  }

  private takeCoin(): Coin {
    const coin = this.coins.shift();
    if (!coin) throw new Error('the test wallet has no coin left: fund it with more');
    return coin;
  }

  /** One input (the coin), an output per payee, and the change back to the miner. */
  private signed(
    coin: Coin,
    outputs: { address: string; amount: bigint }[],
    sequence: number,
    fee: bigint,
  ): Transaction {
    const tx = new Transaction();
    tx.addInput({
      txid: coin.txid,
      index: coin.index,
      sequence,
      witnessUtxo: { script: this.minerScript, amount: coin.amount },
    });
    for (const { address, amount } of outputs) {
      const script = segwitOutputScript(address);
      if (script === null) throw new Error(`not a segwit address: ${address}`);
      tx.addOutput({ script: hex.decode(script), amount });
    }
    tx.addOutput({ script: this.minerScript, amount: coin.amount - fee - sum(outputs) });
    tx.sign(MINER_PRIVATE_KEY);
    tx.finalize();
    return tx;
  }

  private async broadcast(tx: Transaction): Promise<string> {
    const txid = await this.node.call<string>('sendrawtransaction', [tx.hex]);
    this.sent.set(txid, tx.hex);
    return txid;
  }

  /**
   * Sends a transaction again, as a wallet does when the node lost it: btcd keeps no mempool across a
   * restart (litecoind does, and answers that it already has it).
   */
  async rebroadcast(txid: string): Promise<void> {
    try {
      await this.node.call('sendrawtransaction', [this.sent.get(txid)]);
    } catch (error) {
      if (!/already/i.test((error as Error).message)) throw error;
    }
  }
}
