import { html, asyncRoute } from '@gw/platform';
import { qrCodeSvg } from '@gw/chain';
import {
  InvalidInputError,
  MerchantCommandError,
  refundPayment,
  refundStateOf,
  requestRefundFromInput,
  type ServiceContext,
} from '@gw/application';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { Router, type Request, type Response } from 'express';
import { renderPage, sendNotFound, merchantOf, signedInOf } from '@gw/dashboard-shell';

const PAYMENT_ID = /^[1-9]\d{0,15}$/;

/**
 * The merchant asks for a refund of one of its payments, or marks one refunded, through the admin API's
 * functions (so the same commands), and reads the QR code of a pending refund.
 */
export function refundRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    '/dashboard/payments/:paymentId/refund-request',
    asyncRoute(async (req: Request<{ paymentId: string }>, res) => {
      const merchant = merchantOf(res);
      if (!PAYMENT_ID.test(req.params.paymentId)) return sendNotFound(req, res);
      const paymentId = Number(req.params.paymentId);
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const address = typeof fields.address === 'string' ? fields.address.trim() : '';
      const amount = typeof fields.amount === 'string' ? fields.amount.trim() : '';
      try {
        await requestRefundFromInput(
          ctx,
          paymentId,
          amount === '' ? { address } : { address, amount },
          merchant.merchantId,
        );
      } catch (error) {
        if (error instanceof MerchantCommandError && error.code === 'NOT_FOUND')
          return sendNotFound(req, res);
        if (error instanceof MerchantCommandError || error instanceof InvalidInputError) {
          return refusedPage(res, paymentId, 'No refund requested', error.message);
        }
        throw error;
      }
      req.log.info({ merchantId: merchant.merchantId, paymentId }, 'refund requested from the dashboard');
      res.redirect(303, `/dashboard/payments/${paymentId}`);
    }),
  );

  router.get(
    '/dashboard/payments/:paymentId/refund-qr.svg',
    asyncRoute(async (req: Request<{ paymentId: string }>, res) => {
      const merchant = merchantOf(res);
      if (!PAYMENT_ID.test(req.params.paymentId)) return sendNotFound(req, res);
      const payment = await ctx.readModels
        .collection<PaymentDocument>(COLLECTIONS.payments)
        .findOne({ merchantId: merchant.merchantId, paymentId: Number(req.params.paymentId) });
      const uri = payment ? refundStateOf(ctx, payment).paymentUri : null;
      if (uri === null) return sendNotFound(req, res);
      res.setHeader('Cache-Control', 'no-store');
      res.type('image/svg+xml').send(await qrCodeSvg(uri));
    }),
  );

  router.post(
    '/dashboard/payments/:paymentId/refund',
    asyncRoute(async (req: Request<{ paymentId: string }>, res) => {
      const merchant = merchantOf(res);
      if (!PAYMENT_ID.test(req.params.paymentId)) return sendNotFound(req, res);
      const paymentId = Number(req.params.paymentId);
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const refused = (reason: string) => refusedPage(res, paymentId, 'Not refunded', reason);
      if (fields.confirm !== 'yes') return refused('Tick the confirmation to mark the payment refunded.');
      const typedHash = typeof fields.refund_hash === 'string' ? fields.refund_hash.trim() : '';
      try {
        await refundPayment(
          ctx,
          paymentId,
          typedHash === '' ? {} : { refund_hash: typedHash },
          merchant.merchantId,
        );
      } catch (error) {
        if (error instanceof MerchantCommandError && error.code === 'NOT_FOUND')
          return sendNotFound(req, res);
        if (error instanceof MerchantCommandError || error instanceof InvalidInputError) {
          return refused(error.message);
        }
        throw error;
      }
      req.log.info({ merchantId: merchant.merchantId, paymentId }, 'payment refunded from the dashboard');
      res.redirect(303, `/dashboard/payments/${paymentId}`);
    }),
  );

  return router;
}

function refusedPage(res: Response, paymentId: number, title: string, reason: string): void {
  res
    .status(422)
    .type('html')
    .send(
      renderPage({
        title,
        chrome: signedInOf(res).chrome('payments'),
        body: html`<h1>${title}</h1>
          <p class="notice error" role="alert">${reason}</p>
          <p><a href="/dashboard/payments/${String(paymentId)}">Back to payment ${paymentId}</a></p>`,
      }),
    );
}
