/** Kafka topics and their keys (ARCHITECTURE.md, "Topics and contracts"). */
export const TOPICS = {
  commands: 'payments.commands',
  replies: 'payments.replies',
  events: 'payments.events',
  deposits: 'chain.deposits',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/**
 * Headers of `payments.events` besides `traceparent`.
 * - `x-event-type`: the event's type, so a consumer group that handles few types skips the others
 *   without decoding them (`SubscribeOptions.accepts`, `eventTypeAmong`).
 * - `x-read-model-version`: the version the event's stream has in its read-model document, which
 *   payments wrote with its append before the relay published the event (read-your-writes). A consumer
 *   keeping that document (the projector) skips an event at or below it without reading the document.
 *   Absent when the publishing instance did not write the document itself.
 * Older consumers ignore both; messages published before they existed carry neither.
 */
export const EVENT_HEADERS = {
  eventType: 'x-event-type',
  readModelVersion: 'x-read-model-version',
} as const;

/**
 * For `SubscribeOptions.accepts` on `payments.events`: the messages of these event types, and those
 * without `x-event-type` (published before it existed), which the handler decodes and drops as before.
 */
export function eventTypeAmong(
  types: readonly string[],
): (headers: Readonly<Record<string, string>>) => boolean {
  const wanted = new Set(types);
  return (headers) => {
    const type = headers[EVENT_HEADERS.eventType];
    return type === undefined || wanted.has(type);
  };
}

/** The read-model version an event message's headers carry (EVENT_HEADERS), or undefined. */
export function readModelVersionIn(headers: Record<string, string>): number | undefined {
  const value = headers[EVENT_HEADERS.readModelVersion];
  if (value === undefined || !/^[1-9][0-9]{0,15}$/.test(value)) return undefined;
  return Number(value);
}
