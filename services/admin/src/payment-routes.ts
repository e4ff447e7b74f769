import { Router } from 'express';
import { asyncRoute } from '@gw/platform';
import { refundPayment, type ServiceContext } from '@gw/runtime';
import { numericIdParam } from './admin-params';
import type { RefundView } from './admin-views';

/** Operator actions on payments that no merchant API offers (the dashboard offers the merchant the same). */
export function paymentRoutes(ctx: ServiceContext): Router {
  const router = Router();

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

  return router;
}
