/**
 * The envelope of every message on `payments.events` (docs/events.md has each event's `data`).
 * Copied, not imported, so this example stands on its own outside the gateway's repository.
 */
export interface PaymentsEvent {
  eventId: string;
  type: string;
  streamId: string;
  version: number;
  occurredAt: string;
  merchantId: string;
  data: Record<string, unknown>;
  metadata: { correlationId: string; causationId: string };
}

export function isPaymentsEvent(value: unknown): value is PaymentsEvent {
  const candidate = value as Partial<PaymentsEvent> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.eventId === 'string' &&
    typeof candidate.type === 'string' &&
    typeof candidate.streamId === 'string' &&
    Number.isInteger(candidate.version) &&
    typeof candidate.data === 'object' &&
    candidate.data !== null
  );
}
