import { parseStreamId, type AnyEvent, type AggregateName } from '@gw/domain';
import type { ReadModelDocument, StoredEvent } from '@gw/store';
import { COLLECTIONS, type CollectionName } from './collections';
import { projectPayment } from './payment.projection';
import {
  projectInvoice,
  projectMerchant,
  projectPlan,
  projectSubscription,
  projectWallet,
} from './other.projections';

type Projection = (
  doc: ReadModelDocument | null,
  event: AnyEvent,
  version: number,
  documentId: string,
) => ReadModelDocument | null;

const BY_AGGREGATE: Record<AggregateName, { collection: CollectionName; project: Projection }> = {
  payment: { collection: COLLECTIONS.payments, project: projectPayment as Projection },
  invoice: { collection: COLLECTIONS.invoices, project: projectInvoice as Projection },
  merchant: { collection: COLLECTIONS.merchants, project: projectMerchant as Projection },
  plan: { collection: COLLECTIONS.plans, project: projectPlan as Projection },
  subscription: { collection: COLLECTIONS.subscriptions, project: projectSubscription as Projection },
  wallet: { collection: COLLECTIONS.wallets, project: projectWallet as Projection },
};

/** Which collection a stored event lands in, and the pure fold that updates its document. */
export function projectionFor(event: StoredEvent): {
  collection: CollectionName;
  documentId: string;
  apply(doc: ReadModelDocument | null): ReadModelDocument | null;
} {
  const { aggregate, id } = parseStreamId(event.streamId);
  const { collection, project } = BY_AGGREGATE[aggregate];
  const domainEvent = { type: event.type, data: event.data } as AnyEvent;
  return { collection, documentId: id, apply: (doc) => project(doc, domainEvent, event.version, id) };
}
