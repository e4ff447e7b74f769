import { isDeepStrictEqual } from 'node:util';
import { numericIdFrom, uuidFrom } from '@gw/platform';
import type { StreamHistory } from '@gw/views';
import type { Response } from 'express';

const LOCALS_KEY = 'keyedCreate';

/**
 * The identity of a create sent with an Idempotency-Key: what the key decides. Every attempt of the same
 * keyed request (the same merchant, key and body, from its first try until an answer is stored) derives
 * the same command ids and the same aggregate ids from it, so a retry after a crash lands on the stream
 * the first attempt wrote: the payments service answers the repeated command from that stream, and the
 * gateway answers with what the stream holds. The idempotency record and the payment are one fact.
 */
export class KeyedCreate {
  constructor(
    /** Unique to the key's merchant scope, the key, and its first attempt. */
    readonly seed: string,
    /** When the first attempt began: the time numeric ids carry. */
    readonly startedAt: Date,
    /** An earlier attempt of this request began and left no answer: it may have committed. */
    readonly resumed: boolean,
    private readonly onReplay: () => void = () => {},
  ) {}

  /** The command id for one of the request's commands, the same on every attempt. */
  commandId(purpose: string): string {
    return uuidFrom(`${this.seed}:command:${purpose}`);
  }

  /** A numeric id in the format newNumericId gives (time-ordered, ten digits or more), the same on every attempt. */
  numericId(purpose: string): number {
    return numericIdFrom(`${this.seed}:id:${purpose}`, this.startedAt);
  }

  /** A version-4-shaped uuid, the same on every attempt. */
  uuid(purpose: string): string {
    return uuidFrom(`${this.seed}:uuid:${purpose}`);
  }

  /** The answer about to be sent is what an earlier attempt committed: it goes out marked as a replay. */
  replayed(): void {
    this.onReplay();
  }
}

/** The keyed create the idempotency middleware opened for this request, or null when it carries no key. */
export function keyedCreateOf(res: Response): KeyedCreate | null {
  const found: unknown = res.locals[LOCALS_KEY];
  return found instanceof KeyedCreate ? found : null;
}

export function attachKeyedCreate(res: Response, create: KeyedCreate): void {
  res.locals[LOCALS_KEY] = create;
}

/** What a stream holds for a create command: its event's data, another command's stream, or nothing yet. */
export type Committed<T> = { found: T; version: number } | 'taken' | null;

/**
 * Reads what the create `commandId` committed to `streamId` (a payment's or an invoice's): the data of its
 * first event of `type`, from the history read model, where payments records what it appends before it
 * replies. A stream begun by another command is 'taken' (a derived numeric id met another payment's); an
 * empty one is null.
 */
export async function committedCreate<T>(
  streams: Pick<StreamHistory, 'events'>,
  streamId: string,
  commandId: string,
  type: string,
): Promise<Committed<T>> {
  const history = await streams.events(streamId);
  if (history.length === 0) return null;
  const created = history.find((event) => event.metadata.causationId === commandId && event.type === type);
  return created ? { found: created.data as T, version: created.version } : 'taken';
}

/**
 * After a resumed create was acknowledged: what its stream holds, which is what an earlier attempt
 * committed when that attempt's command got there first (the repeated command is then answered from the
 * stream). The answer is built from the stored data and marked as a replay whenever it is not `sent`.
 */
export async function settledCreate<T>(
  streams: Pick<StreamHistory, 'events'>,
  key: KeyedCreate,
  target: { streamId: string; commandId: string; type: string },
  sent: T,
): Promise<T> {
  if (!key.resumed) return sent;
  const stored = await committedCreate<T>(streams, target.streamId, target.commandId, target.type);
  if (stored === null || stored === 'taken') return sent;
  if (!isDeepStrictEqual(stored.found, JSON.parse(JSON.stringify(sent)))) key.replayed();
  return stored.found;
}
