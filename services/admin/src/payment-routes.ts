import { Router } from 'express';
import { streamIdOf } from '@gw/domain';
import { asyncRoute } from '@gw/platform';
import { validateInput, type ServiceContext, type WriteSide } from '@gw/runtime';
import { commandRefused, notFound } from './admin-errors';
import { numericIdParam } from './admin-params';
import { refundSchema, type RefundBody } from './admin-schemas';
import type { RefundView } from './admin-views';

/** Operator actions on payments that no merchant API offers. */
export function paymentRoutes(ctx: ServiceContext, writeSide: WriteSide): Router {
  const router = Router();

  router.post(
    '/payments/:paymentId/refund',
    asyncRoute(async (req, res) => {
      const paymentId = numericIdParam(req.params.paymentId, 'payment');
      const body = validateInput<RefundBody>(refundSchema, req.body);
      const streamId = streamIdOf('payment', paymentId);
      const merchantId = await writeSide.ownerOf(streamId);
      if (merchantId === null) throw notFound('payment');
      const refundHash = body.refund_hash ?? null;
      const reply = await ctx.commands.send(streamId, merchantId, {
        type: 'RefundPayment',
        data: { refundHash },
      });
      if (!reply.ok) throw commandRefused(reply.error);
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
