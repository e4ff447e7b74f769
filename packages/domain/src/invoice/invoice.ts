import type { Amount } from '../money';
import type { DomainEvent } from '../messages';
import { assertNever } from '../errors';

export interface InvoiceTerms {
  invoiceId: string;
  tokenId: string;
  merchantId: string;
  priceAmount: Amount;
  priceCurrency: string;
  payCurrency: string | null;
  orderId: string | null;
  orderDescription: string | null;
  ipnCallbackUrl: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  partiallyPaidUrl: string | null;
  customerEmail: string | null;
  payoutCurrency: string | null;
  isFixedRate: boolean;
  isFeePaidByUser: boolean;
  source: string | null;
  collectUserData: boolean;
  createdAt: string;
}

export type InvoiceCreated = DomainEvent<'InvoiceCreated', InvoiceTerms>;
/** The buyer picked a currency on the hosted page and a payment was created for the invoice. */
export type InvoicePaymentStarted = DomainEvent<
  'InvoicePaymentStarted',
  { paymentId: number; payCurrency: string; at: string }
>;

export type InvoiceEvent = InvoiceCreated | InvoicePaymentStarted;

/** Every InvoiceEvent type, as the aggregate module and the typed boundary know them at run time. */
export const INVOICE_EVENT_TYPES = { InvoiceCreated: true, InvoicePaymentStarted: true } as const satisfies {
  [Type in InvoiceEvent['type']]: true;
};

export type Invoice =
  { status: 'none' } | { status: 'open'; terms: InvoiceTerms; paymentIds: number[]; updatedAt: string };

export const initialInvoice = (): Invoice => ({ status: 'none' });

export function evolveInvoice(state: Invoice, event: InvoiceEvent): Invoice {
  switch (event.type) {
    case 'InvoiceCreated':
      return state.status === 'none'
        ? { status: 'open', terms: event.data, paymentIds: [], updatedAt: event.data.createdAt }
        : state;
    case 'InvoicePaymentStarted':
      return state.status === 'open'
        ? { ...state, paymentIds: [...state.paymentIds, event.data.paymentId], updatedAt: event.data.at }
        : state;
    default:
      return assertNever(event);
  }
}
