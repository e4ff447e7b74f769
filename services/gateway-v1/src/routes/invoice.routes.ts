import { v1Validators } from '@gw/contracts/api/v1';
import { streamIdOf } from '@gw/domain';
import { asyncRoute } from '@gw/platform';
import type { InvoiceTerms, PaymentTerms } from '@gw/domain';
import {
  committedCreate,
  keyedCreateOf,
  openPayment,
  priceViewsOf,
  refusedLater,
  replayedPayment,
  settledCreate,
  type KeyedCreate,
} from '@gw/application';
import { COLLECTIONS, type InvoiceDocument, type PaymentDocument } from '@gw/views';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import { notFound, refusalError, replyError, toCreatedPayment, toInvoicePaymentRecord } from '@gw/families';
import { validated, validatedQuery } from '../http/validation';
import { invoiceTermsFrom } from '../requests/invoice-requests';
import { invoicePaymentIntakeFrom } from '../requests/payment-requests';
import { toInvoiceRecord } from '../records/invoice-record';
import type { V1RouteDeps } from './deps';

/** Invoices with a hosted page, and the payments buyers make on them. */
export function invoiceRoutes({ ctx, auth, body, idempotent }: V1RouteDeps): Router {
  const router = Router();
  const invoices = () => ctx.readModels.collection<InvoiceDocument>(COLLECTIONS.invoices);
  const payments = () => ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  const streams = ctx.history;

  router.post(
    '/invoice',
    auth,
    body,
    idempotent,
    asyncRoute(async (req, res) => {
      const request = validated(v1Validators.createInvoice, req.body);
      const merchant = merchantOf(res);
      const key = keyedCreateOf(res);
      const replayed = await replayedInvoice(key);
      if (replayed) return void res.status(201).json(toInvoiceRecord(replayed, ctx.config.baseUrl));
      const now = ctx.clock.now();
      const prices = priceViewsOf(ctx.rates, ctx.config, now);
      const terms = invoiceTermsFrom(request, merchant, ctx.config, prices, key?.uuid('invoice'));
      const target = {
        streamId: streamIdOf('invoice', terms.invoiceId),
        commandId: key?.commandId('invoice'),
        type: 'InvoiceCreated',
      };
      const reply = await ctx.commands.send(
        target.streamId,
        merchant.merchantId,
        { type: 'CreateInvoice', data: terms, metadata: { now: terms.createdAt } },
        target.commandId,
      );
      if (!reply.ok) throw replyError(reply);
      const answered =
        key && target.commandId
          ? await settledCreate(streams, key, { ...target, commandId: target.commandId }, terms)
          : terms;
      res.status(201).json(toInvoiceRecord(answered, ctx.config.baseUrl));
    }),
  );

  router.get(
    '/invoice-payment',
    auth,
    asyncRoute(async (req, res) => {
      const { invoiceId } = validatedQuery(v1Validators.invoicePaymentQuery, req.query);
      const merchantId = merchantOf(res).merchantId;
      await ownInvoice(invoiceId, merchantId);
      const [latest] = await payments().find({
        filter: { merchantId, invoiceId },
        sort: [['createdAt', -1]],
        limit: 1,
      });
      if (!latest) {
        res.json({ message: `No payment has been created for invoice ${invoiceId} yet` });
        return;
      }
      res.json(toInvoicePaymentRecord(latest));
    }),
  );

  router.post(
    '/invoice-payment',
    auth,
    body,
    idempotent,
    asyncRoute(async (req, res) => {
      const request = validated(v1Validators.createInvoicePayment, req.body);
      const merchant = merchantOf(res);
      const invoice = await ownInvoice(String(request.iid), merchant.merchantId);
      const key = keyedCreateOf(res);
      const replayed = await replayedPayment(ctx, key);
      if (replayed) {
        // The first attempt may have died before the invoice recorded its payment.
        await startInvoicePayment(invoice, replayed, key);
        return void res.status(201).json(toCreatedPayment(replayed));
      }
      const intake = invoicePaymentIntakeFrom(
        request,
        invoice,
        merchant,
        priceViewsOf(ctx.rates, ctx.config, ctx.clock.now()),
        ctx.config,
      );
      const { terms, reply } = await refusedLater(refusalError, () => openPayment(ctx, intake, key));
      if (!reply.ok) throw replyError(reply);
      await startInvoicePayment(invoice, terms, key);
      res.status(201).json(toCreatedPayment(terms));
    }),
  );

  /** Notes the payment on its invoice; with a key, every attempt sends the same command. */
  async function startInvoicePayment(
    invoice: InvoiceDocument,
    terms: PaymentTerms,
    key: KeyedCreate | null,
  ): Promise<void> {
    const started = await ctx.commands.send(
      streamIdOf('invoice', invoice.invoiceId),
      invoice.merchantId,
      { type: 'StartInvoicePayment', data: { paymentId: terms.paymentId, payCurrency: terms.payCurrency } },
      key?.commandId('invoice-payment-start'),
    );
    // The payment exists and carries invoice_id, which is what the lookups read; the invoice's own list is secondary.
    if (!started.ok)
      ctx.logger.warn(
        { invoiceId: invoice.invoiceId, error: started.error },
        'invoice did not record its payment',
      );
  }

  /** For a resumed keyed create: the invoice an earlier attempt committed, announced as a replay. */
  async function replayedInvoice(key: KeyedCreate | null): Promise<InvoiceTerms | null> {
    if (!key?.resumed) return null;
    const stored = await committedCreate<InvoiceTerms>(
      streams,
      streamIdOf('invoice', key.uuid('invoice')),
      key.commandId('invoice'),
      'InvoiceCreated',
    );
    if (stored === null || stored === 'taken') return null;
    key.replayed();
    return stored.found;
  }

  /** Another merchant's invoice is as unknown as one that does not exist. */
  async function ownInvoice(invoiceId: string, merchantId: string): Promise<InvoiceDocument> {
    // By document id (the invoice id), then the owner: one document read on every store.
    const invoice = await invoices().get(invoiceId);
    if (!invoice || invoice.merchantId !== merchantId) throw notFound(`Invoice ${invoiceId} not found`);
    return invoice;
  }

  return router;
}
