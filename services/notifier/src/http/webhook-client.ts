import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  DestinationRefusedError,
  resolveDestination,
  systemResolver,
  type Destination,
  type Resolver,
} from './destination';

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface PostResult {
  statusCode: number | null;
  error: string | null;
  /** The first 1 KiB of the response body. */
  responseBody: string;
  latencyMs: number;
  /** The URL is refused outright; no attempt can ever succeed. */
  permanent: boolean;
}

export interface WebhookClientOptions {
  /** One deadline for the whole attempt: DNS, connect, request and response. */
  timeoutMs: number;
  allowedHosts: readonly string[];
  /** Parallel connections kept per destination host. */
  socketsPerHost: number;
  resolver?: Resolver;
  userAgent?: string;
}

const KEPT_BODY_BYTES = 1024;
/** Past this much response body the connection is dropped rather than drained. */
const MAX_READ_BYTES = 64 * 1024;

/**
 * POSTs webhooks with node's http/https: connects only to the address vetted by resolveDestination
 * (the lookup is pinned to it), never follows redirects (a 3xx is just a failed attempt), and bounds
 * every attempt by one deadline. Never throws: every outcome is a PostResult.
 */
export class WebhookClient {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly resolver: Resolver;

  constructor(private readonly options: WebhookClientOptions) {
    this.httpAgent = new http.Agent({
      keepAlive: true,
      maxSockets: options.socketsPerHost,
      scheduling: 'fifo',
    });
    this.httpsAgent = new https.Agent({
      keepAlive: true,
      maxSockets: options.socketsPerHost,
      scheduling: 'fifo',
    });
    this.resolver = options.resolver ?? systemResolver;
  }

  async post(request: WebhookPost): Promise<PostResult> {
    const started = performance.now();
    const deadline = started + this.options.timeoutMs;
    const elapsed = () => Math.round(performance.now() - started);
    let destination: Destination;
    try {
      destination = await withDeadline(
        resolveDestination(request.url, this.options.allowedHosts, this.resolver),
        deadline,
        'resolving the host',
      );
    } catch (error) {
      const permanent = error instanceof DestinationRefusedError;
      return {
        statusCode: null,
        error: (error as Error).message,
        responseBody: '',
        latencyMs: elapsed(),
        permanent,
      };
    }
    const outcome = await this.send(destination, request, deadline);
    return { ...outcome, latencyMs: elapsed(), permanent: false };
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private send(
    destination: Destination,
    request: WebhookPost,
    deadline: number,
  ): Promise<Omit<PostResult, 'latencyMs' | 'permanent'>> {
    const { url } = destination;
    const isHttps = url.protocol === 'https:';
    const body = Buffer.from(request.body, 'utf8');
    return new Promise((resolve) => {
      let statusCode: number | null = null;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let readBytes = 0;
      let settled = false;
      const finish = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ statusCode, error, responseBody: Buffer.concat(kept).toString('utf8') });
      };
      const options: https.RequestOptions = {
        method: 'POST',
        hostname: destination.hostname,
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers: {
          ...request.headers,
          'content-length': String(body.length),
          'user-agent': this.options.userAgent ?? 'gateway-notifier/1.0',
        },
        agent: isHttps ? this.httpsAgent : this.httpAgent,
        lookup: pinnedLookup(destination),
      };
      if (url.username || url.password)
        options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      const req = (isHttps ? https : http).request(options, (res) => {
        statusCode = res.statusCode ?? null;
        res.on('data', (chunk: Buffer) => {
          readBytes += chunk.length;
          if (keptBytes < KEPT_BODY_BYTES) {
            const piece = chunk.subarray(0, KEPT_BODY_BYTES - keptBytes);
            kept.push(piece);
            keptBytes += piece.length;
          }
          if (readBytes > MAX_READ_BYTES) {
            finish(null);
            res.destroy();
          }
        });
        res.on('end', () => finish(null));
        res.on('error', (error) => finish(error.message));
        res.on('aborted', () => finish('response aborted'));
      });
      const timer = setTimeout(
        () => {
          const phase = statusCode === null ? 'no response' : 'response body not finished';
          finish(`timed out after ${this.options.timeoutMs} ms (${phase})`);
          req.destroy();
        },
        Math.max(0, deadline - performance.now()),
      );
      req.on('error', (error) => finish(error.message));
      req.end(body);
    });
  }
}

/** A lookup that answers with the vetted address whatever name it is asked about. */
function pinnedLookup(destination: Destination): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: destination.address, family: destination.family }]);
    else callback(null, destination.address, destination.family);
  }) as LookupFunction;
}

async function withDeadline<T>(work: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out ${what}`)),
      Math.max(0, deadline - performance.now()),
    );
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
