import type { Delivery } from '../delivery/delivery';

/**
 * Where a page of the delivery log starts or ends: a delivery's place in the log's order, newest first
 * by (createdAt, paymentId, eventVersion). A page after a cursor holds the same deliveries however many
 * are added in front of it meanwhile, and reaching it costs an index seek, not a count of the pages before.
 */
export interface DeliveryCursor {
  createdAt: string;
  paymentId: number;
  eventVersion: number;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z)_([1-9]\d{0,15})-([1-9]\d{0,8})$/;

export const cursorOf = ({ createdAt, paymentId, eventVersion }: DeliveryCursor): DeliveryCursor => ({
  createdAt,
  paymentId,
  eventVersion,
});

/** A cursor as a URL carries it: `<createdAt>_<paymentId>-<eventVersion>`. */
export const formatCursor = (cursor: DeliveryCursor): string =>
  `${cursor.createdAt}_${cursor.paymentId}-${cursor.eventVersion}`;

/** The cursor a URL named, or null when it is not one. */
export function parseCursor(text: string): DeliveryCursor | null {
  const match = CURSOR.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  return { createdAt: match[1]!, paymentId: Number(match[2]), eventVersion: Number(match[3]) };
}

/** The log's order, oldest first: negative when `a` comes before `b`. */
export function compareDeliveries(a: DeliveryCursor, b: DeliveryCursor): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.paymentId !== b.paymentId) return a.paymentId - b.paymentId;
  return a.eventVersion - b.eventVersion;
}

/** One page of a merchant's deliveries, newest first, with the cursors of its neighbours. */
export interface DeliveryPage {
  deliveries: Delivery[];
  /** Cursor of the next older page, or null on the last one. */
  older: DeliveryCursor | null;
  /** Cursor of the next newer page, or null on the first one. */
  newer: DeliveryCursor | null;
}

export interface DeliveryPageQuery {
  merchantId: string;
  state?: Delivery['state'];
  paymentId?: number;
  limit: number;
  /** The page of deliveries older than this one, or newer than `after`; neither: the newest. */
  before?: DeliveryCursor;
  after?: DeliveryCursor;
}

/**
 * Turns the `limit + 1` deliveries an adapter found walking from the cursor (newest first when going
 * older, oldest first when going newer) into the page and its neighbours' cursors.
 */
export function pageOf(found: Delivery[], query: DeliveryPageQuery): DeliveryPage {
  const forward = query.after === undefined;
  const more = found.length > query.limit;
  const deliveries = found.slice(0, query.limit);
  if (!forward) deliveries.reverse();
  const first = deliveries[0];
  const last = deliveries[deliveries.length - 1];
  const older = forward ? (more && last ? cursorOf(last) : null) : last ? cursorOf(last) : null;
  const newer = forward
    ? query.before === undefined || !first
      ? null
      : cursorOf(first)
    : more && first
      ? cursorOf(first)
      : null;
  return { deliveries, older, newer };
}
