/** What a provider's rate limit costs: requests answered 429 and retried, since start. */
export interface ThrottleStats {
  throttled: number;
}

export interface ThrottledFetchOptions {
  /** Requests a second sent at most, whatever the callers ask. */
  requestsPerSecond: number;
  /** 429 answers retried per request before the request fails (the poll fails, and the next retries). */
  maxRetries?: number;
  /** First backoff after a 429 without Retry-After; doubled each retry. */
  backoffMs?: number;
  /** Headers every request carries (the provider's API key). */
  headers?: Readonly<Record<string, string>>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  fetchFn?: typeof fetch;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that stays within a provider's request budget (TronGrid's free plan: 15 requests a second):
 * requests leave at most `requestsPerSecond` a second, spaced evenly; a 429 is retried after the
 * Retry-After the provider names, else after an exponential backoff, and counted. A request still
 * refused after `maxRetries` answers 429, which fails the poll: the watcher tries again at its next one.
 */
export class ThrottledFetch {
  readonly stats: ThrottleStats = { throttled: 0 };
  private nextSlot = 0;
  private readonly gapMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: ThrottledFetchOptions) {
    this.gapMs = 1000 / options.requestsPerSecond;
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
    this.fetchFn = options.fetchFn ?? fetch;
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const maxRetries = this.options.maxRetries ?? 4;
    for (let attempt = 0; ; attempt++) {
      await this.slot();
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(this.options.headers ?? {})) headers.set(name, value);
      const response = await this.fetchFn(input, { ...init, headers });
      if (response.status !== 429 || attempt === maxRetries) return response;
      this.stats.throttled++;
      await response.body?.cancel();
      await this.sleep(this.backoff(response, attempt));
    }
  };

  private backoff(response: Response, attempt: number): number {
    const retryAfter = Number(response.headers.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter, 60) * 1000;
    return (this.options.backoffMs ?? 500) * 2 ** attempt;
  }

  /** Waits for the next free send slot: slots are `1000 / requestsPerSecond` ms apart. */
  private async slot(): Promise<void> {
    const now = this.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + this.gapMs;
    if (at > now) await this.sleep(at - now);
  }
}
