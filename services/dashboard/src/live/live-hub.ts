import type { Logger } from 'pino';
import type { LiveMessage, LiveView } from './live-views';
import type { LivePaymentEvent } from './live-event';
import type { PaymentSnapshots } from './payment-snapshots';
import { ReplayBuffer } from './replay-buffer';
import { serverSentComment, serverSentEvent } from './server-sent';

/** Where a stream's bytes go: an HTTP response, in production. */
export interface StreamSink {
  /** False when the client reads too slowly to keep up: the hub ends its stream, and it resumes. */
  write(chunk: string): boolean;
  end(): void;
  onClose(listener: () => void): void;
}

export interface LiveHubOptions {
  snapshots: PaymentSnapshots;
  logger: Logger;
  /** Names this run in event ids, so a reconnection to another instance or run is told to reset. */
  epoch: string;
  /** Whether a session still shows this merchant: checked at each heartbeat. */
  isCurrent(sessionId: string, merchantId: string): Promise<boolean>;
  heartbeatMs?: number;
  /** Open streams per session (a browser has about six connections per host over HTTP/1.1). */
  streamsPerSession?: number;
  /** Open streams per instance. */
  maxStreams?: number;
  /** Events kept for reconnections. */
  replayCapacity?: number;
}

/** Where the live stream stands: a page read now is followed from there. */
export interface LivePosition {
  readonly position: string;
}

export type OpenResult = 'opened' | 'too-many-for-session' | 'full' | 'closed';

interface Stream {
  sessionId: string;
  view: LiveView;
  sink: StreamSink;
  /** Set once what it missed went out: live events before that would come ahead of older ones. */
  live: boolean;
}

/** What a browser sends to resume: its Last-Event-ID (set on reconnections), or the page's position. */
export interface Resume {
  lastEventId: string | null;
  /** The position when the page was rendered: changes since then reach a first connection too. */
  since: string | null;
}

const RETRY_MS = 3_000;
const POSITION_LOOKBACK = 64;

/**
 * Fans the payment events this instance receives out to the open pages of their merchant, and only of
 * their merchant: a stream is opened for the session's merchant, and an event goes to a stream only
 * when the event's merchant and the payment's are that one. Everything runs in one queue, in the
 * order events arrived, so a stream's event ids only grow and a resumption misses nothing.
 */
export class LiveHub implements LivePosition {
  private readonly streams = new Set<Stream>();
  private readonly buffer: ReplayBuffer<LivePaymentEvent>;
  private queue: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | null = null;
  private state: 'idle' | 'running' | 'closed' = 'idle';

  constructor(private readonly options: LiveHubOptions) {
    this.buffer = new ReplayBuffer(options.epoch, options.replayCapacity ?? 5_000);
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'running';
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs ?? 15_000);
  }

  /**
   * The position a page read now is followed from. Its stream also gets the last few events before
   * it again, quietly: the read model the page read may not have caught up with them yet, and an event
   * sent twice changes nothing on the page (a row is replaced, a timeline entry is added once).
   */
  get position(): string {
    return this.buffer.lastId;
  }

  get openStreams(): number {
    return this.streams.size;
  }

  open(sessionId: string, view: LiveView, sink: StreamSink, resume: Resume): OpenResult {
    if (this.state !== 'running') return 'closed';
    if (this.streams.size >= (this.options.maxStreams ?? 1_000)) return 'full';
    const ofSession = [...this.streams].filter((stream) => stream.sessionId === sessionId).length;
    if (ofSession >= (this.options.streamsPerSession ?? 4)) return 'too-many-for-session';
    const stream: Stream = { sessionId, view, sink, live: false };
    this.streams.add(stream);
    sink.onClose(() => this.streams.delete(stream));
    sink.write(`retry: ${RETRY_MS}\n${serverSentComment('live')}`);
    this.enqueue(() => this.resume(stream, resume));
    return 'opened';
  }

  /** An event from `payments.events`; every instance sees every event. */
  publish(event: LivePaymentEvent): void {
    if (this.state !== 'running') return;
    this.enqueue(async () => {
      this.options.snapshots.observe(event);
      const entry = this.buffer.append(event);
      const audience = [...this.streams].filter((stream) => this.reaches(stream, event));
      if (audience.length === 0) return;
      const payment = await this.options.snapshots.at(event);
      if (!payment || payment.merchantId !== event.merchantId) return;
      for (const stream of audience) {
        if (this.streams.has(stream)) this.send(stream, entry.id, stream.view.render(payment, event));
      }
    });
  }

  /** Ends every stream and refuses new ones; the browsers reconnect to whichever instance answers. */
  close(): void {
    this.state = 'closed';
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const stream of this.streams) stream.sink.end();
    this.streams.clear();
  }

  /** Resolves once every event received so far has gone out. */
  settled(): Promise<void> {
    return this.queue;
  }

  private reaches(stream: Stream, event: LivePaymentEvent): boolean {
    return stream.live && this.owes(stream, event);
  }

  private owes(stream: Stream, event: LivePaymentEvent): boolean {
    return stream.view.merchantId === event.merchantId && stream.view.wants(event);
  }

  private async resume(stream: Stream, { lastEventId, since }: Resume): Promise<void> {
    const wanted = (event: LivePaymentEvent) => this.owes(stream, event);
    let resumption = this.buffer.after(lastEventId, wanted);
    // From the page's position: the events up to it may not be in the read model the page read yet,
    // so the last few are sent again, quietly (neither tinted nor read out: the page mostly shows
    // them); those after it are news. A position of another instance or run owes nothing from before
    // the page, so the stream starts live.
    const read = lastEventId === null && since !== null ? this.buffer.sequenceOf(since) : null;
    if (read !== null) {
      const fromPage = this.buffer.after(this.buffer.idAt(read - POSITION_LOOKBACK), wanted);
      if (fromPage.kind === 'replay') resumption = fromPage;
    }
    if (resumption.kind === 'reset') {
      stream.sink.write(serverSentEvent({ id: this.buffer.lastId, event: 'reset', data: {} }));
    } else {
      for (const entry of resumption.entries) {
        if (!this.streams.has(stream)) return;
        const payment = await this.options.snapshots.at(entry.item);
        if (payment && payment.merchantId === stream.view.merchantId) {
          const message = stream.view.render(payment, entry.item);
          this.send(
            stream,
            entry.id,
            read !== null && entry.sequence <= read ? { ...message, quiet: true } : message,
          );
        }
      }
    }
    stream.live = true;
  }

  private send(stream: Stream, id: string, message: LiveMessage): void {
    if (!stream.sink.write(serverSentEvent({ id, event: 'payment', data: message }))) this.end(stream);
  }

  private end(stream: Stream): void {
    this.streams.delete(stream);
    stream.sink.end();
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'live update failed');
    });
  }

  private beat(): void {
    for (const stream of this.streams) {
      if (!stream.sink.write(serverSentComment('heartbeat'))) {
        this.end(stream);
        continue;
      }
      this.options.isCurrent(stream.sessionId, stream.view.merchantId).then(
        (current) => {
          if (!current && this.streams.has(stream)) this.end(stream);
        },
        (error: unknown) => this.options.logger.warn({ err: error }, 'live stream session check failed'),
      );
    }
  }
}
