import { Router } from 'express';
import { asyncRoute } from '@gw/platform';
import {
  parsePaymentListQuery,
  paymentExportPages,
  refundPayment,
  refundStateOf,
  requestRefundFromInput,
  sendPaymentsCsv,
  type ServiceContext,
} from '@gw/application';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { AdminError, notFound } from './admin-errors';
import { merchantIdParam, numericIdParam } from './admin-params';
import { refundStatusView, type RefundStatusView, type RefundView } from './admin-views';

/** Operator actions on payments that no merchant API offers (the dashboard offers the merchant the same). */
export function paymentRoutes(ctx: ServiceContext): Router {
  const router = Router();

  // The payments as CSV, streamed page by page: one merchant's (`merchant_id`) or every merchant's,
  // with the dashboard list's filters (status, family, currency, network, from, to).
  router.get(
    '/payments/export',
    asyncRoute(async (req, res) => {
      const { merchant_id: rawMerchant, ...rest } = req.query as Record<string, unknown>;
      const merchantId = rawMerchant === undefined ? null : merchantIdParam(rawMerchant);
      const { query, problems } = parsePaymentListQuery(rest);
      if (query.search !== null) problems.push('q (search) is not an export filter');
      if (query.before !== null || query.after !== null) problems.push('before and after are list cursors');
      if (problems.length > 0) throw new AdminError(400, problems.join('; '));
      const payments = ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
      req.log.info({ merchantId, query }, 'payments exported through the admin API');
      await sendPaymentsCsv(
        res,
        paymentExportPages(payments, merchantId, query),
        `payments-${merchantId ?? 'all'}.csv`,
      );
    }),
  );

  router.post(
    '/payments/:paymentId/refund',
    asyncRoute(async (req, res) => {
      const paymentId = numericIdParam(req.params.paymentId, 'payment');
      const { merchantId, refundHash } = await refundPayment(ctx, paymentId, req.body, null);
      req.log.info({ paymentId, merchantId }, 'payment refunded through the admin API');
      const refund: RefundView = {
        payment_id: paymentId,
        merchant_id: merchantId,
        payment_status: 'refunded',
        refund_hash: refundHash,
      };
      res.json(refund);
    }),
  );

  // A refund the merchant sends from its own wallet: recorded here, found on chain by the watcher.
  router.post(
    '/payments/:paymentId/refund-request',
    asyncRoute(async (req, res) => {
      const paymentId = numericIdParam(req.params.paymentId, 'payment');
      const { merchantId } = await requestRefundFromInput(ctx, paymentId, req.body, null);
      req.log.info({ paymentId, merchantId }, 'refund requested through the admin API');
      res.json(await refundStatus(ctx, paymentId));
    }),
  );

  router.get(
    '/payments/:paymentId/refund',
    asyncRoute(async (req, res) => {
      res.json(await refundStatus(ctx, numericIdParam(req.params.paymentId, 'payment')));
    }),
  );

  return router;
}

async function refundStatus(ctx: ServiceContext, paymentId: number): Promise<RefundStatusView> {
  const payment = await ctx.readModels
    .collection<PaymentDocument>(COLLECTIONS.payments)
    .get(String(paymentId));
  if (!payment) throw notFound('payment');
  return refundStatusView(payment, refundStateOf(ctx, payment));
}
