import { eventOf, type EventRecord } from '@gw/contracts';
import {
  AGGREGATES,
  parseStreamId,
  type AggregateName,
  type AggregateStream,
  type AnyEvent,
} from '@gw/domain';
import type { ReadModelDocument, StoredEvent } from '@gw/store';
import { COLLECTIONS, type CollectionName } from './collections';
import { projectPayment } from './payment.projection';
import { projectStaticAddress } from './static-address.projection';
import {
  projectInvoice,
  projectMerchant,
  projectPlan,
  projectSubscription,
  projectWallet,
} from './other.projections';

/** The pure fold of one aggregate's events into its document. */
type Projection<Event extends AnyEvent, Document extends ReadModelDocument> = (
  doc: Document | null,
  event: Event,
  version: number,
  documentId: string,
) => Document | null;

interface AggregateProjection {
  collection: CollectionName;
  /** Folds a stored event, checked to be one of the aggregate's (`eventOf`), into the document. */
  project(
    doc: ReadModelDocument | null,
    event: EventRecord,
    version: number,
    documentId: string,
  ): ReadModelDocument | null;
}

function projection<Event extends AnyEvent, Document extends ReadModelDocument>(
  collection: CollectionName,
  aggregate: AggregateStream<Event, unknown>,
  project: Projection<Event, Document>,
): AggregateProjection {
  return {
    collection,
    // The collection holds this aggregate's documents only: what it stores under the id is a Document.
    project: (doc, event, version, documentId) =>
      project(doc as Document | null, eventOf(event, aggregate), version, documentId),
  };
}

const BY_AGGREGATE: Record<AggregateName, AggregateProjection> = {
  payment: projection(COLLECTIONS.payments, AGGREGATES.payment, projectPayment),
  invoice: projection(COLLECTIONS.invoices, AGGREGATES.invoice, projectInvoice),
  merchant: projection(COLLECTIONS.merchants, AGGREGATES.merchant, projectMerchant),
  plan: projection(COLLECTIONS.plans, AGGREGATES.plan, projectPlan),
  subscription: projection(COLLECTIONS.subscriptions, AGGREGATES.subscription, projectSubscription),
  wallet: projection(COLLECTIONS.wallets, AGGREGATES.wallet, projectWallet),
  static: projection(COLLECTIONS.staticAddresses, AGGREGATES.static, projectStaticAddress),
};

/** Which collection a stored event lands in, and the pure fold that updates its document. */
export function projectionFor(event: StoredEvent): {
  collection: CollectionName;
  documentId: string;
  apply(doc: ReadModelDocument | null): ReadModelDocument | null;
} {
  const { aggregate, id } = parseStreamId(event.streamId);
  const { collection, project } = BY_AGGREGATE[aggregate];
  return { collection, documentId: id, apply: (doc) => project(doc, event, event.version, id) };
}
