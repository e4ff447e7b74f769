import { asyncRoute } from '@gw/platform';
import { keyedCreateOf } from '@gw/application';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import { sendResult } from '../http/responses';
import { alphaValidators, paramsOf, valid } from '../http/validation';
import { paginateOf, parseListQuery, toFindQuery } from '../requests/list-query';
import { findMerchantPayment } from '../requests/payment-lookup';
import { openAlphaPayment } from '../requests/payment-opening';
import type { AlphaRouteDeps } from './deps';

/** Create a payment, read one by uuid or order_id, list them. */
export function paymentRoutes({ ctx, payments, orders, signed, idempotent, record }: AlphaRouteDeps): Router {
  const router = Router();

  router.post(
    '/payment',
    signed,
    idempotent,
    asyncRoute(async (req, res) => {
      const input = valid(alphaValidators.createPayment.check(paramsOf(req)));
      sendResult(
        res,
        record(await openAlphaPayment(ctx, orders, merchantOf(res), input, keyedCreateOf(res))),
      );
    }),
  );

  router.post(
    '/payment/info',
    signed,
    asyncRoute(async (req, res) => {
      const input = valid(alphaValidators.paymentInfo.check(paramsOf(req)));
      sendResult(res, record(await findMerchantPayment(payments, orders, merchantOf(res).merchantId, input)));
    }),
  );

  router.post(
    '/payment/list',
    signed,
    asyncRoute(async (req, res) => {
      const body = valid(alphaValidators.paymentList.check(paramsOf(req)));
      const { cursor } = valid(alphaValidators.paymentListQuery.check(req.query));
      const query = valid(parseListQuery(body, cursor));
      const rows = await payments.find(toFindQuery(merchantOf(res).merchantId, query));
      const paginate = paginateOf(query.page, rows.length);
      sendResult(res, { items: rows.slice(0, paginate.count).map(record), paginate });
    }),
  );

  return router;
}
