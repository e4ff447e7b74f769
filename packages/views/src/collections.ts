import type { IndexSpec } from '@gw/store';

/** Read-model collections and the indexes every API query needs (no collection scans on API paths). */
export const COLLECTIONS = {
  payments: 'payments',
  invoices: 'invoices',
  merchants: 'merchants',
  plans: 'plans',
  subscriptions: 'subscriptions',
  wallets: 'wallets',
  /** The events of payment and invoice streams, one document each (stream-history.ts). */
  streamEvents: 'stream_events',
  staticAddresses: 'staticAddresses',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

export const INDEXES: Record<CollectionName, IndexSpec[]> = {
  payments: [
    { fields: [['paymentId', 1]], unique: true },
    { fields: [['uuid', 1]], unique: true },
    { fields: [['trackId', 1]], unique: true },
    { fields: [['payAddress', 1]] },
    // The dashboard: search by transaction id, and the list's keyset pages (newest id first).
    { fields: [['deposits.txHash', 1]] },
    {
      fields: [
        ['merchantId', 1],
        ['paymentId', 1],
      ],
    },
    {
      fields: [
        ['merchantId', 1],
        ['createdAt', 1],
      ],
    },
    // The newest payment of an order (family A's order_id reuse, payment/info): equality on both,
    // sorted by paymentId from the index. MongoDB's planner, left (merchantId, orderId) and
    // (merchantId, paymentId), may prefer the one that avoids a sort and walk every payment of the
    // merchant; this one serves filter and sort, so nothing else competes.
    {
      fields: [
        ['merchantId', 1],
        ['orderId', 1],
        ['paymentId', 1],
      ],
    },
    {
      fields: [
        ['merchantId', 1],
        ['invoiceId', 1],
      ],
    },
    // The scheduler's full sweep for expired payments (every ten minutes), and its passes in between,
    // which ask for the minutes since the last pass by equality alone (payment-expiry.ts).
    {
      fields: [
        ['status', 1],
        ['expiresAt', 1],
      ],
    },
    {
      fields: [
        ['expiryMinute', 1],
        ['expiresAt', 1],
      ],
    },
    // The chain watchers' payments of a network still in the late-deposit window (watched-payments.ts),
    // read on each full load: without it, every payment ever made, on every network.
    {
      fields: [
        ['payNetwork', 1],
        ['expiresAt', 1],
      ],
    },
    // The chain watchers' new payments of a network, one minute of creation each, read on every poll
    // between full loads (watched-payment-set.ts).
    {
      fields: [
        ['payNetwork', 1],
        ['createdMinute', 1],
      ],
    },
    // The chain watchers' pending refunds of a network (watched-payments.ts): by `refundPending` on
    // every poll, by `refund.pendingSince` at each full load (documents projected before the flag was
    // kept). The refunded ones and those never asked, which pile up forever, are never read.
    {
      fields: [
        ['payNetwork', 1],
        ['refundPending', 1],
      ],
    },
    {
      fields: [
        ['payNetwork', 1],
        ['refund.pendingSince', 1],
      ],
    },
  ],
  invoices: [
    {
      fields: [
        ['merchantId', 1],
        ['createdAt', 1],
      ],
    },
  ],
  merchants: [
    { fields: [['apiKeyHash', 1]], unique: true },
    { fields: [['betaApiKeyHash', 1]], unique: true },
  ],
  plans: [
    {
      fields: [
        ['merchantId', 1],
        ['createdAt', 1],
      ],
    },
  ],
  subscriptions: [
    {
      fields: [
        ['merchantId', 1],
        ['createdAt', 1],
      ],
    },
  ],
  wallets: [
    {
      fields: [
        ['merchantId', 1],
        ['network', 1],
      ],
    },
  ],
  stream_events: [
    {
      fields: [
        ['streamId', 1],
        ['version', 1],
      ],
      unique: true,
    },
    // The notifier's start-up catch-up (embedded): the events that occurred at or after its checkpoint,
    // in time order, without reading those before it (StreamHistory.occurredSince).
    { fields: [['occurredAt', 1]] },
  ],
  staticAddresses: [
    { fields: [['staticAddressId', 1]], unique: true },
    { fields: [['uuid', 1]], unique: true },
    // The watchers read every address of a network at each full load, and between them the addresses
    // opened in one minute; the list and revoke find one by its address.
    { fields: [['network', 1]] },
    {
      fields: [
        ['network', 1],
        ['createdMinute', 1],
      ],
    },
    {
      fields: [
        ['merchantId', 1],
        ['address', 1],
      ],
    },
    {
      fields: [
        ['merchantId', 1],
        ['createdAt', 1],
      ],
    },
  ],
};
