import { parseStreamId } from '@gw/domain';
import type { EventMessage } from '@gw/contracts';

/** The part of a `payments.events` message the live pages read: payment events only. */
export interface LivePaymentEvent {
  streamId: string;
  paymentId: number;
  version: number;
  type: string;
  occurredAt: string;
  merchantId: string;
  data: Record<string, unknown>;
}

/** A payment's event as the live pages read it; null for the other aggregates' events. */
export function livePaymentEventOf(message: EventMessage): LivePaymentEvent | null {
  let parsed: { aggregate: string; id: string };
  try {
    parsed = parseStreamId(message.streamId);
  } catch {
    return null;
  }
  if (parsed.aggregate !== 'payment' || !/^\d{1,16}$/.test(parsed.id)) return null;
  return {
    streamId: message.streamId,
    paymentId: Number(parsed.id),
    version: message.version,
    type: message.type,
    occurredAt: message.occurredAt,
    merchantId: message.merchantId,
    data: message.data,
  };
}
