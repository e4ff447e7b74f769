/** A Bitcoin Core style JSON-RPC error, or a node that did not answer. */
export class NodeRpcError extends Error {
  override readonly name = 'NodeRpcError';

  constructor(
    readonly method: string,
    message: string,
    readonly code: number | null = null,
  ) {
    super(`${method}: ${message}`);
  }
}

export interface JsonRpcOptions {
  url: string;
  user: string | null;
  password: string | null;
  timeoutMs?: number;
}

/**
 * A small typed client of the JSON-RPC that bitcoind, btcd and litecoind share (version 1.0 envelopes;
 * errors come as `error: {code, message}`, from btcd with HTTP 200, from bitcoind with HTTP 500).
 */
export class JsonRpcClient {
  private readonly authorization: string | null;
  private nextId = 1;

  constructor(private readonly options: JsonRpcOptions) {
    this.authorization =
      options.user === null
        ? null
        : `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}`;
  }

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.authorization) headers.authorization = this.authorization;
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '1.0', id: this.nextId++, method, params }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new NodeRpcError(method, `node unreachable (${(error as Error).message})`);
    }
    const text = await response.text();
    let body: { result?: T; error?: { code: number; message: string } | null };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new NodeRpcError(method, `HTTP ${response.status}: ${text.slice(0, 200) || 'empty answer'}`);
    }
    if (body.error) throw new NodeRpcError(method, body.error.message, body.error.code);
    if (!response.ok) throw new NodeRpcError(method, `HTTP ${response.status}`);
    return body.result as T;
  }
}
