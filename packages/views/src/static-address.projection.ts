import { assertNever, type StaticAddressEvent } from '@gw/domain';
import { minuteOf, type StaticAddressDocument } from './documents';

/** Folds one static-address event into its document (id: the stream's id part). Pure; the projector does the I/O. */
export function projectStaticAddress(
  doc: StaticAddressDocument | null,
  event: StaticAddressEvent,
  version: number,
  documentId: string,
): StaticAddressDocument | null {
  if (event.type === 'StaticAddressOpened') {
    if (doc) return doc;
    return {
      id: documentId,
      version,
      ...event.data,
      status: 'open',
      revokedAt: null,
      hasDeposits: false,
      deposits: [],
      refusedDeposits: [],
      updatedAt: event.data.createdAt,
      createdMinute: minuteOf(event.data.createdAt),
    };
  }
  if (!doc) return null;
  switch (event.type) {
    case 'StaticDepositCredited': {
      const { depositId: _id, at, ...deposit } = event.data;
      return {
        ...doc,
        version,
        hasDeposits: true,
        deposits: [...doc.deposits, { ...deposit, detectedAt: at }],
        updatedAt: at,
      };
    }
    case 'StaticDepositRefused': {
      const { depositId: _id, at, ...deposit } = event.data;
      return {
        ...doc,
        version,
        refusedDeposits: [...doc.refusedDeposits, { ...deposit, detectedAt: at }],
        updatedAt: at,
      };
    }
    case 'StaticAddressRevoked':
      return { ...doc, version, status: 'revoked', revokedAt: event.data.at, updatedAt: event.data.at };
    default:
      return assertNever(event);
  }
}
