import type { ReplyMessage } from '@gw/contracts';
import { newNumericId } from '@gw/platform';

/** How many ids a create tries when the one before belongs to another record. */
export const ID_PROBES = 8;

/**
 * Payments' answer that the create's stream exists already: its id is another record's. Ids are the
 * millisecond and random bits, so another gateway process (or a derived id) can have drawn the same.
 */
export const idTaken = (reply: ReplyMessage): boolean =>
  !reply.ok && reply.error.code === 'STREAM_ALREADY_EXISTS';

/**
 * Creates a record under a fresh numeric id, and under another while the one tried is taken: a valid
 * request is never refused for an id it did not choose.
 */
export async function createUnderFreshId<T>(
  termsWith: (id: number) => T,
  create: (terms: T) => Promise<ReplyMessage>,
): Promise<{ terms: T; reply: ReplyMessage }> {
  for (let probe = 1; ; probe++) {
    const terms = termsWith(newNumericId());
    const reply = await create(terms);
    if (!idTaken(reply) || probe === ID_PROBES) return { terms, reply };
  }
}
