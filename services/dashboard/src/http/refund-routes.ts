import { html, asyncRoute } from '@gw/platform';
import { InvalidInputError, MerchantCommandError, refundPayment, type ServiceContext } from '@gw/application';
import { Router, type Request } from 'express';
import { renderPage, sendNotFound, merchantOf, signedInOf } from '@gw/dashboard-shell';

const PAYMENT_ID = /^[1-9]\d{0,15}$/;

/** The merchant marks one of its payments refunded, through the admin API's function (so the same command). */
export function refundRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    '/dashboard/payments/:paymentId/refund',
    asyncRoute(async (req: Request<{ paymentId: string }>, res) => {
      const merchant = merchantOf(res);
      if (!PAYMENT_ID.test(req.params.paymentId)) return sendNotFound(req, res);
      const paymentId = Number(req.params.paymentId);
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const refused = (reason: string) =>
        res
          .status(422)
          .type('html')
          .send(
            renderPage({
              title: 'Not refunded',
              chrome: signedInOf(res).chrome('payments'),
              body: html`<h1>Not refunded</h1>
                <p class="notice error" role="alert">${reason}</p>
                <p><a href="/dashboard/payments/${String(paymentId)}">Back to payment ${paymentId}</a></p>`,
            }),
          );
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
