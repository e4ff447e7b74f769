import { randomUUID } from 'node:crypto';
import { processInstanceIds } from './instance-ids';
import type { IncomingMessage, MessageBus, Subscription } from './message-bus';
import { isReplyInboxOf, replyInboxOf } from './reply-inbox';

export const REPLY_HEADERS = {
  correlationId: 'correlation-id',
  replyTo: 'reply-to',
  /** The asker's inbox; a request without it (a client older than inboxes) is answered on the shared topic. */
  replyTopic: 'reply-topic',
} as const;

export class RequestTimeoutError extends Error {
  constructor(
    readonly topic: string,
    readonly correlationId: string,
    readonly timeoutMs: number,
  ) {
    super(`no reply to the request ${correlationId} on ${topic} within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

export class RequestCancelledError extends Error {
  constructor(readonly correlationId: string) {
    super(`request ${correlationId} was cancelled because the client stopped`);
    this.name = 'RequestCancelledError';
  }
}

export interface RequestReplyClientOptions {
  /** The replies topic; this client listens on its own inbox of it ({@link replyInboxOf}). */
  repliesTopic: string;
  /** Default bound on the wait for a reply. */
  timeoutMs: number;
  /**
   * This instance's reply address, the suffix of its inbox and the name of its consumer group
   * (`replies.<topic>.<id>`); unique among live clients. Default: the process's next {@link processInstanceIds} name, stable across restarts.
   */
  instanceId?: string;
}

export interface RequestOptions {
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Default: a random UUID. */
  correlationId?: string;
}

interface PendingRequest {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Request/reply over any message bus. Each instance listens to its own inbox topic (`reply-topic`
 * header of its requests), so it receives only the replies to its own requests: with every instance on
 * one shared replies topic, each one fetched and decoded every reply of every other. A restarted
 * instance rejoins its group on the same inbox and skips the replies addressed to its previous life:
 * none of them matches a request it is waiting for.
 */
export class RequestReplyClient {
  readonly instanceId: string;
  /** The topic this instance's replies arrive on. */
  readonly inbox: string;
  private readonly pending = new Map<string, PendingRequest>();
  private subscription: Subscription | undefined;

  constructor(
    private readonly bus: MessageBus,
    private readonly options: RequestReplyClientOptions,
  ) {
    this.instanceId = options.instanceId ?? processInstanceIds.next();
    this.inbox = replyInboxOf(options.repliesTopic, this.instanceId);
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    this.subscription = await this.bus.subscribe(
      {
        topics: [this.inbox],
        groupId: `replies.${this.options.repliesTopic}.${this.instanceId}`,
        fromBeginning: false,
        maxAttempts: 1,
      },
      async (message) => this.settle(message),
    );
  }

  /** Publishes `value` on `topic` under `key` and resolves with the reply's value. */
  async request(topic: string, key: string, value: unknown, options: RequestOptions = {}): Promise<unknown> {
    if (!this.subscription) throw new Error('RequestReplyClient.request called before start()');
    const correlationId = options.correlationId ?? randomUUID();
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    const reply = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(correlationId);
        reject(new RequestTimeoutError(topic, correlationId, timeoutMs));
      }, timeoutMs);
      this.pending.set(correlationId, { resolve, reject, timer });
    });
    const published = this.bus
      .publish(topic, [
        {
          key,
          value,
          headers: {
            ...options.headers,
            [REPLY_HEADERS.correlationId]: correlationId,
            [REPLY_HEADERS.replyTo]: this.instanceId,
            [REPLY_HEADERS.replyTopic]: this.inbox,
          },
        },
      ])
      .catch((error: unknown) => {
        this.forget(correlationId);
        throw error;
      });
    // The timeout covers the publish too: a publish stuck on an unreachable broker (a real broker's
    // producer retries for a long time) still ends in RequestTimeoutError, never a hang.
    return Promise.race([published.then(() => reply), reply]);
  }

  /** Stops listening; requests still waiting are rejected at once rather than left to time out. */
  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    for (const correlationId of [...this.pending.keys()]) {
      this.pending.get(correlationId)?.reject(new RequestCancelledError(correlationId));
      this.forget(correlationId);
    }
    await subscription?.stop();
  }

  private settle(message: IncomingMessage): void {
    if (message.headers[REPLY_HEADERS.replyTo] !== this.instanceId) return;
    const correlationId = message.headers[REPLY_HEADERS.correlationId];
    const pending = correlationId === undefined ? undefined : this.pending.get(correlationId);
    if (!pending || correlationId === undefined) return;
    this.forget(correlationId);
    pending.resolve(message.value);
  }

  private forget(correlationId: string): void {
    const pending = this.pending.get(correlationId);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(correlationId);
  }
}

/**
 * The responder's side: publishes `value` as the reply to `request` on the asker's inbox (`reply-topic`),
 * or on `repliesTopic` itself for a client that names none (one from before inboxes, which reads the
 * shared topic). Only an inbox of `repliesTopic` is accepted: a request cannot make the responder
 * write on any other topic.
 */
export async function replyTo(
  bus: MessageBus,
  repliesTopic: string,
  request: IncomingMessage,
  value: unknown,
): Promise<void> {
  const correlationId = request.headers[REPLY_HEADERS.correlationId];
  const replyAddress = request.headers[REPLY_HEADERS.replyTo];
  if (correlationId === undefined || replyAddress === undefined) {
    throw new Error(
      `message ${request.topic}@${request.offset} has no ${REPLY_HEADERS.correlationId}/${REPLY_HEADERS.replyTo} headers to reply to`,
    );
  }
  const inbox = request.headers[REPLY_HEADERS.replyTopic];
  if (inbox !== undefined && !isReplyInboxOf(repliesTopic, inbox)) {
    throw new Error(
      `message ${request.topic}@${request.offset} asks for a reply on ${inbox}, which is not an inbox of ${repliesTopic}`,
    );
  }
  await bus.publish(inbox ?? repliesTopic, [
    {
      key: correlationId,
      value,
      headers: { [REPLY_HEADERS.correlationId]: correlationId, [REPLY_HEADERS.replyTo]: replyAddress },
    },
  ]);
}
