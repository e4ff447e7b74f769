import { eventOf } from '@gw/contracts';
import { paymentAggregate, statusAfter } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import { matchesListQuery, type PaymentListQuery } from '../payments/payment-list';
import { depositsTable, paymentFacts, paymentHeading, timelineItem } from '../views/payment-page';
import { paymentRow } from '../views/payments-page';
import type { LivePaymentEvent } from './live-event';

/** One server-sent message: the payment's new markup for the page, and what to tell a screen reader. */
export interface LiveMessage {
  paymentId: number;
  version: number;
  /** Read out politely on status changes and new payments; empty otherwise. */
  announce: string;
  /** For a list: whether a payment it does not show yet belongs in it. */
  matches?: boolean;
  /** Sent to catch a page up with its own read: applied without a tint or an announcement. */
  quiet?: boolean;
  /** Markup by the name of the part of the page it replaces (`row`, `heading`, …) or extends (`event`). */
  parts: Record<string, string>;
}

/** What one open page follows: always one merchant's payments, and what the page shows of them. */
export interface LiveView {
  readonly merchantId: string;
  wants(event: LivePaymentEvent): boolean;
  render(payment: PaymentDocument, event: LivePaymentEvent): LiveMessage;
}

/** The payment list (and the overview's newest payments): each payment's row, and whether it matches. */
export function listView(merchantId: string, query: PaymentListQuery): LiveView {
  return {
    merchantId,
    wants: () => true,
    render: (payment, event) => ({
      paymentId: payment.paymentId,
      version: event.version,
      announce: announcement(payment, event),
      matches: matchesListQuery(payment, query),
      parts: { row: paymentRow(payment).value },
    }),
  };
}

/** One payment's page: its heading with the status, its details, its deposits and the new event. */
export function paymentView(merchantId: string, paymentId: number): LiveView {
  return {
    merchantId,
    wants: (event) => event.paymentId === paymentId,
    render: (payment, event) => ({
      paymentId: payment.paymentId,
      version: event.version,
      announce: announcement(payment, event),
      parts: {
        heading: paymentHeading(payment).value,
        facts: paymentFacts(payment).value,
        deposits: depositsTable(payment).value,
        event: timelineItem(event).value,
      },
    }),
  };
}

export function announcement(payment: PaymentDocument, event: LivePaymentEvent): string {
  const status = statusAfter(eventOf(event, paymentAggregate));
  if (status === null) return '';
  const said = status.replace(/_/g, ' ');
  return event.type === 'PaymentCreated'
    ? `New payment ${payment.paymentId}: ${said}.`
    : `Payment ${payment.paymentId} is now ${said}.`;
}
