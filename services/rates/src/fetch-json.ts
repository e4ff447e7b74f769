import { PriceSourceError } from '@gw/pricing';

export interface FetchJsonOptions {
  /** The source's name in errors: "Kraken answered HTTP 502". */
  source: string;
  timeoutMs: number;
  headers?: Record<string, string>;
}

/**
 * GET a price source's JSON answer. Every way it can fail (refused, dropped, slower than the timeout,
 * an HTTP error, a body that is not JSON) is a {@link PriceSourceError} naming the source.
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const { source, timeoutMs } = options;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new PriceSourceError(`${source} answered HTTP ${response.status}`);
    return await response.json().catch((error: unknown) => {
      if (isTimeout(error)) throw error;
      throw new PriceSourceError(`${source} answered something other than JSON`, { cause: error });
    });
  } catch (error) {
    if (error instanceof PriceSourceError) throw error;
    if (isTimeout(error))
      throw new PriceSourceError(`${source} did not answer within ${timeoutMs} ms`, { cause: error });
    throw new PriceSourceError(`${source} is unreachable: ${(error as Error).message}`, { cause: error });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
