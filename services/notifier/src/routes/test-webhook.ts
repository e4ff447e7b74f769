import type { PostResult, WebhookPost } from '../http/webhook-client';

/** What every family's test-webhook endpoint reports about the one attempt it made. */
export interface TestDeliveryView {
  delivered: boolean;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_body: string;
}

export const testDeliveryView = (result: PostResult, delivered: boolean): TestDeliveryView => ({
  delivered,
  status_code: result.statusCode,
  latency_ms: result.latencyMs,
  error: result.error,
  response_body: result.responseBody,
});

/** Sends one test webhook now, through the same SSRF-checked client as live deliveries; nothing is stored. */
export type SendTestWebhook = (request: WebhookPost) => Promise<PostResult>;

export const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
