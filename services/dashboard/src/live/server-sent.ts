/** The `text/event-stream` wire format (HTML Living Standard, server-sent events). */
export interface ServerSentEvent {
  id: string;
  event: string;
  data: unknown;
}

/** One event; its data is JSON on one line, so no line of it can end the event early. */
export function serverSentEvent({ id, event, data }: ServerSentEvent): string {
  if (/[\r\n]/.test(id) || /[\r\n]/.test(event))
    throw new RangeError('an event id or name has no line breaks');
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by EventSource, it keeps proxies from closing a quiet stream. */
export const serverSentComment = (text: string): string => `: ${text.replace(/[\r\n]/g, ' ')}\n\n`;
