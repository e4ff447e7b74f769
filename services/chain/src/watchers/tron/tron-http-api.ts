/** What java-tron's HTTP API (/wallet/gettransactionbyid) says of a transaction, as far as a TRX deposit needs. */
interface TronTransaction {
  txID?: string;
  ret?: { contractRet?: string }[];
  raw_data?: {
    contract?: { type?: string; parameter?: { value?: { amount?: number; to_address?: string } } }[];
  };
}

/**
 * The node's HTTP API (java-tron port 8090, TronGrid https://api.trongrid.io), asked only what its
 * Ethereum-compatible JSON-RPC cannot tell: which kind of contract a transaction ran. The JSON-RPC
 * gives every transaction a `value`, whatever it moved (a TRC-10 token's amount, votes, frozen TRX),
 * so a TRX deposit is confirmed here as a successful TransferContract to the address, for its amount.
 */
export class TronHttpApi {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchFn: typeof fetch,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The sun a successful TransferContract of the transaction paid to `toHex` (0x + 20 bytes); null for anything else. */
  async trxTransferred(txHash: string, toHex: string): Promise<bigint | null> {
    const response = await this.fetchFn(new URL('wallet/gettransactionbyid', this.base()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: txHash.replace(/^0x/, '') }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new Error(`Tron HTTP API answered ${response.status} to gettransactionbyid`);
    const tx = (await response.json()) as TronTransaction;
    if (!tx.txID) throw new Error(`Tron HTTP API does not know transaction ${txHash}`);
    const contract = tx.raw_data?.contract?.[0];
    if (contract?.type !== 'TransferContract' || tx.ret?.[0]?.contractRet !== 'SUCCESS') return null;
    const { amount, to_address: to } = contract.parameter?.value ?? {};
    if (typeof amount !== 'number' || typeof to !== 'string') return null;
    return to.toLowerCase() === `41${toHex.slice(2).toLowerCase()}` ? BigInt(amount) : null;
  }

  private base(): string {
    return this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`;
  }
}
