import { numericIdIn } from '@gw/contracts';
import { v1Validators } from '@gw/contracts/api/v1';
import { currentPayAmount, streamIdOf, toJsonNumber } from '@gw/domain';
import { asyncRoute } from '@gw/platform';
import {
  admittingMerchant,
  keyedCreateOf,
  openPayment,
  priceViewsOf,
  refusedAs,
  refusedLater,
  replayedPayment,
} from '@gw/application';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import {
  invalidParams,
  notFound,
  refusalError,
  replyError,
  toCreatedPayment,
  toPaymentRecord,
} from '@gw/families';
import { validated, validatedQuery } from '../http/validation';
import { newTokenId } from '../requests/invoice-requests';
import { pagesCountOf, paymentListFind } from '../requests/list-query';
import { paymentIntakeFrom } from '../requests/payment-requests';
import type { V1RouteDeps } from './deps';

export function paymentIdOf(raw: string): number {
  const id = numericIdIn(raw);
  if (id === null) throw invalidParams('Payment id must be a number');
  return id;
}

/** Create, read, list and re-estimate payments. Reads go to the read model only, filtered by merchant. */
export function paymentRoutes({ ctx, auth, body, idempotent }: V1RouteDeps): Router {
  const router = Router();
  const payments = () => ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);

  router.post(
    '/payment',
    auth,
    body,
    idempotent,
    asyncRoute(async (req, res) => {
      const request = validated(v1Validators.createPayment, req.body);
      const key = keyedCreateOf(res);
      const replayed = await replayedPayment(ctx, key);
      if (replayed) return void res.status(201).json(toCreatedPayment(replayed));
      const intake = paymentIntakeFrom(
        request,
        merchantOf(res),
        priceViewsOf(ctx.rates, ctx.config, ctx.clock.now()),
        ctx.config,
      );
      const { terms, reply } = await refusedLater(refusalError, () => openPayment(ctx, intake, key));
      if (!reply.ok) throw replyError(reply);
      res.status(201).json(toCreatedPayment(terms));
    }),
  );

  const list = asyncRoute(async (req, res) => {
    const query = validatedQuery(v1Validators.paymentListQuery, req.query);
    const { find, limit, page } = paymentListFind(merchantOf(res).merchantId, query);
    const [total, docs] = await Promise.all([payments().count(find.filter), payments().find(find)]);
    res.json({ data: docs.map(toPaymentRecord), limit, page, pagesCount: pagesCountOf(total, limit), total });
  });
  // Non-strict routing serves both /v1/payment and /v1/payment/.
  router.get('/payment', auth, list);

  router.get(
    '/payment/:paymentId',
    auth,
    asyncRoute(async (req, res) => {
      const doc = await ownPayment(String(req.params.paymentId), merchantOf(res).merchantId);
      res.json(toPaymentRecord(doc));
    }),
  );

  router.post(
    '/payment/:paymentId/update-merchant-estimate',
    auth,
    body,
    idempotent,
    asyncRoute(async (req, res) => {
      const merchant = merchantOf(res);
      const merchantId = merchant.merchantId;
      const doc = await ownPayment(String(req.params.paymentId), merchantId);
      const now = ctx.clock.now();
      const payAmount = refusedAs(refusalError, () =>
        currentPayAmount(
          doc,
          admittingMerchant(merchant, ctx.config),
          priceViewsOf(ctx.rates, ctx.config, now),
        ),
      );
      const expiresAt = new Date(now.getTime() + ctx.config.paymentLifetimeMinutes * 60_000).toISOString();
      const reply = await ctx.commands.send(streamIdOf('payment', doc.paymentId), merchantId, {
        type: 'UpdatePaymentEstimate',
        data: { payAmount, expiresAt },
        metadata: { now: now.toISOString() },
      });
      if (!reply.ok) throw replyError(reply);
      res.json({
        id: doc.paymentId,
        token_id: newTokenId(),
        pay_amount: toJsonNumber(payAmount),
        expiration_estimate_date: expiresAt,
      });
    }),
  );

  /** Another merchant's payment is as unknown as a payment that does not exist. */
  async function ownPayment(rawId: string, merchantId: string): Promise<PaymentDocument> {
    // By document id (the payment id), then the owner: the cheapest lookup every store has. Another
    // merchant's payment answers exactly as a missing one.
    const doc = await payments().get(String(paymentIdOf(rawId)));
    if (!doc || doc.merchantId !== merchantId) throw notFound(`Payment ${rawId} not found`);
    return doc;
  }

  return router;
}
