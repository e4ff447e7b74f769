import type { Command } from '../messages';
import { defineAggregate } from '../aggregate';
import { DomainError, assertNever } from '../errors';
import { isMoney } from '../money-input';
import {
  INVOICE_EVENT_TYPES,
  evolveInvoice,
  initialInvoice,
  type Invoice,
  type InvoiceEvent,
  type InvoiceTerms,
} from './invoice';

export type CreateInvoice = Command<'CreateInvoice', InvoiceTerms>;
export type StartInvoicePayment = Command<'StartInvoicePayment', { paymentId: number; payCurrency: string }>;
export type InvoiceCommand = CreateInvoice | StartInvoicePayment;
export type InvoiceCommandType = InvoiceCommand['type'];

export function decideInvoice(command: InvoiceCommand, state: Invoice): InvoiceEvent[] {
  switch (command.type) {
    case 'CreateInvoice':
      if (state.status !== 'none') throw new DomainError('STREAM_ALREADY_EXISTS', 'invoice already exists');
      // The money parser again, whatever entry point sent the command.
      if (!isMoney(command.data.priceAmount)) {
        throw new DomainError('INVALID_AMOUNT', 'price_amount must be a positive number');
      }
      return [{ type: 'InvoiceCreated', data: command.data }];
    case 'StartInvoicePayment':
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'invoice not found');
      if (state.paymentIds.includes(command.data.paymentId)) return [];
      return [{ type: 'InvoicePaymentStarted', data: { ...command.data, at: command.metadata.now } }];
    default:
      return assertNever(command);
  }
}

export const invoiceAggregate = defineAggregate<'invoice', InvoiceCommand, InvoiceEvent, Invoice>({
  name: 'invoice',
  commandTypes: { CreateInvoice: true, StartInvoicePayment: true },
  eventTypes: INVOICE_EVENT_TYPES,
  decide: decideInvoice,
  evolve: evolveInvoice,
  initialState: initialInvoice,
});
