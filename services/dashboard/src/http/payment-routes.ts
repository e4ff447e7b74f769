import { streamIdOf } from '@gw/domain';
import { asyncRoute } from '@gw/platform';
import { paymentExportPages, refundStateOf, sendPaymentsCsv, type ServiceContext } from '@gw/application';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { Router, type Request } from 'express';
import { listPayments, parsePaymentListQuery, searchPayments } from '../payments/payment-list';
import { renderPaymentPage } from '../views/payment-page';
import { renderPaymentsPage } from '../views/payments-page';
import type { LivePosition } from '../live/live-hub';
import { sendNotFound, merchantOf, signedInOf } from '@gw/dashboard-shell';

const PAYMENT_ID = /^[1-9]\d{0,15}$/;

/** The payment list (filters, search, keyset pages) and one payment with its deposits and events. */
export function paymentRoutes(ctx: ServiceContext, live: LivePosition): Router {
  const router = Router();
  const payments = () => ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  // The timeline: the payment's events, which payments records in the history read model as it appends them.
  const streams = ctx.history;
  const currencies = () =>
    ctx.rates
      .current()
      .cryptoCurrencies()
      .map((currency) => currency.code)
      .sort();

  router.get(
    '/dashboard/payments',
    asyncRoute(async (req, res) => {
      const merchant = merchantOf(res);
      const livePosition = live.position;
      const { query, problems } = parsePaymentListQuery(req.query as Record<string, unknown>);
      const searched = query.search !== null && problems.length === 0;
      const page =
        problems.length > 0
          ? { payments: [], older: null, newer: null }
          : searched
            ? {
                payments: await searchPayments(payments(), merchant.merchantId, query.search!),
                older: null,
                newer: null,
              }
            : await listPayments(payments(), merchant.merchantId, query);
      res
        .status(problems.length > 0 ? 400 : 200)
        .type('html')
        .send(
          renderPaymentsPage({
            chrome: signedInOf(res).chrome('payments'),
            merchantId: merchant.merchantId,
            livePosition,
            query,
            page,
            searched,
            problems,
            currencies: currencies(),
          }),
        );
    }),
  );

  // The list's filters as a CSV of every matching payment, streamed; always the signed-in merchant's.
  router.get(
    '/dashboard/payments.csv',
    asyncRoute(async (req, res) => {
      const merchant = merchantOf(res);
      const { query, problems } = parsePaymentListQuery(req.query as Record<string, unknown>);
      if (problems.length > 0) {
        res
          .status(400)
          .type('text')
          .send(`Check the filters: ${problems.join('; ')}.`);
        return;
      }
      await sendPaymentsCsv(
        res,
        paymentExportPages(payments(), merchant.merchantId, query),
        `payments-${merchant.merchantId}.csv`,
      );
    }),
  );

  router.get(
    '/dashboard/payments/:paymentId',
    asyncRoute(async (req: Request<{ paymentId: string }>, res) => {
      const merchant = merchantOf(res);
      if (!PAYMENT_ID.test(req.params.paymentId)) return sendNotFound(req, res);
      const paymentId = Number(req.params.paymentId);
      // Scoped to the signed-in merchant: another merchant's payment id is simply not found.
      // Read before the page's data: whatever happens from here on reaches the page's stream.
      const livePosition = live.position;
      const payment = await payments().findOne({ merchantId: merchant.merchantId, paymentId });
      if (!payment) return sendNotFound(req, res);
      const events = await streams.events(streamIdOf('payment', paymentId));
      res.type('html').send(
        renderPaymentPage({
          chrome: signedInOf(res).chrome('payments'),
          payment,
          livePosition,
          refund: refundStateOf(ctx, payment),
          events: events.filter((event) => event.merchantId === merchant.merchantId),
        }),
      );
    }),
  );

  return router;
}
