import type { ReceivedCall, Receiver } from '../../e2e/notifier/support/receiver';

/**
 * The first webhook call `accept` takes, once it has arrived. The receiver records each call as it comes;
 * the notifier delivers after the event it follows is published, so a test waits here, bounded by jest.
 */
export async function webhookCall(
  receiver: Receiver,
  accept: (json: Record<string, unknown>) => boolean,
  count = 1,
): Promise<ReceivedCall> {
  for (;;) {
    const calls = receiver.calls.filter((c) => accept(c.json));
    if (calls.length >= count) return calls[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The status (`status`, or V1's `payment_status`) of every webhook call `accept` takes, in the order they arrived. */
export const webhookStatuses = (
  receiver: Receiver,
  accept: (json: Record<string, unknown>) => boolean,
  field: 'status' | 'payment_status' = 'status',
): unknown[] => receiver.calls.filter((c) => accept(c.json)).map((c) => c.json[field]);
