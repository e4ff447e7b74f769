/** One server-sent event as the dashboard's stream sends it. */
export interface ReceivedEvent {
  id: string;
  event: string;
  data: string;
}

/**
 * A server-sent event stream read over plain HTTP, as EventSource would, so a test sees every byte the
 * server sends to a session: events, comments and the end of the stream.
 */
export class EventStreamReader {
  readonly events: ReceivedEvent[] = [];
  /** Every byte received, comments included. */
  text = '';
  ended = false;
  /** The server ended the response; false when the connection was cut or closed by us. */
  endedCleanly = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly status: number,
    readonly contentType: string | null,
    private readonly abort: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
    const abort = new AbortController();
    const response = await fetch(url, { headers, signal: abort.signal, redirect: 'manual' });
    const reader = new EventStreamReader(response.status, response.headers.get('content-type'), abort);
    if (response.body) void reader.pump(response.body);
    else reader.finish();
    return reader;
  }

  /** Resolves once an event `matches`, or rejects when the stream ends or `timeoutMs` passes first. */
  async until(
    matches: (event: ReceivedEvent, index: number) => boolean,
    what: string,
    timeoutMs = 10_000,
  ): Promise<ReceivedEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(matches);
      if (found) return found;
      if (this.ended) throw new Error(`the stream ended before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once the server ends the stream. */
  async untilEnded(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the stream did not end within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        this.text += text;
        pending += text;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          this.parse(pending.slice(0, end));
          pending = pending.slice(end + 2);
        }
        this.wake();
      }
      this.endedCleanly = true;
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    }
    this.finish();
  }

  private parse(block: string): void {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      if (colon === -1) continue;
      fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
    }
    if (fields.data !== undefined) {
      this.events.push({ id: fields.id ?? '', event: fields.event ?? 'message', data: fields.data });
    }
  }

  private finish(): void {
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters.splice(0);
    for (const wake of waiters) wake();
  }
}
