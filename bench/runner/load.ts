import autocannon, { type Request as LoadRequest } from 'autocannon';

export type { LoadRequest };

export interface LoadOptions {
  url: string;
  /** Cycled through by every connection; a `setupRequest` may rewrite each request before it is sent. */
  requests: LoadRequest[];
  connections: number;
  durationSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  requests: number;
  /** Answers outside 2xx. */
  non2xx: number;
  /** Socket errors and timeouts. */
  socketErrors: number;
  durationSeconds: number;
}

/** Runs autocannon in this process (never the one under test) and keeps the figures every scenario reports. */
export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: options.requests,
    timeout: 30,
  });
  const seconds = result.duration;
  return {
    requestsPerSecond: round(result.requests.total / seconds),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    durationSeconds: round(seconds),
  };
}

export const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
