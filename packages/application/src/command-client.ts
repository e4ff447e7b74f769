import { randomUUID } from 'node:crypto';
import { RequestReplyClient, RequestTimeoutError, type MessageBus } from '@gw/bus';
import { TOPICS, type CommandMessage, type ReplyMessage } from '@gw/contracts';
import type { AnyCommand, CommandMetadata } from '@gw/domain';

/** A command of any aggregate without its metadata, which `send` completes; type and data stay paired. */
export type CommandInput = AnyCommand extends infer Command
  ? Command extends AnyCommand
    ? Omit<Command, 'metadata'> & { metadata?: Partial<CommandMetadata> }
    : never
  : never;

/** Raised when payments does not answer in time: gateways turn it into a clear 503/504, never a hang. */
export class CommandTimeoutError extends Error {
  override readonly name = 'CommandTimeoutError';
}

/**
 * How gateways, the scheduler, the sandbox and checkout talk to payments: publish a command keyed by
 * its stream and await the reply, over whichever bus is configured.
 */
export class CommandClient {
  private readonly client: RequestReplyClient;
  private started: Promise<void> | undefined;

  constructor(
    bus: MessageBus,
    private readonly timeoutMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.client = new RequestReplyClient(bus, { repliesTopic: TOPICS.replies, timeoutMs });
  }

  /**
   * Joins this instance's reply inbox (its own topic and consumer group). A process whose services
   * never send commands need not start it: a started client keeps a consumer fetching its inbox.
   * `send` starts it on first use otherwise, at the cost of that one command waiting for the join.
   */
  start(): Promise<void> {
    this.started ??= this.client.start();
    return this.started;
  }

  stop(): Promise<void> {
    return this.client.stop();
  }

  async send(
    streamId: string,
    merchantId: string,
    input: CommandInput,
    commandId: string = randomUUID(),
  ): Promise<ReplyMessage> {
    const correlationId = input.metadata?.correlationId ?? commandId;
    const command = {
      ...input,
      metadata: {
        now: input.metadata?.now ?? this.now().toISOString(),
        correlationId,
        causationId: input.metadata?.causationId ?? commandId,
      },
    };
    const message: CommandMessage = { commandId, streamId, merchantId, command };
    await this.start();
    try {
      return (await this.client.request(TOPICS.commands, streamId, message, {
        correlationId: commandId,
        timeoutMs: this.timeoutMs,
      })) as ReplyMessage;
    } catch (error) {
      if (error instanceof RequestTimeoutError) {
        throw new CommandTimeoutError(`payments did not answer ${input.type} within ${this.timeoutMs} ms`);
      }
      throw error;
    }
  }
}
