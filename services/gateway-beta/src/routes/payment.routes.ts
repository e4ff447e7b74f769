import { numericIdIn } from '@gw/contracts';
import type { PaymentTerms } from '@gw/domain';
import {
  betaListItem,
  betaPaymentInformation,
  unixSeconds,
  betaPaymentNotFound,
  betaRefusal,
  invalidField,
} from '@gw/families';
import { asyncRoute, parseBody } from '@gw/platform';
import { keyedCreateOf, openPayment, priceViewsOf, refusedLater, replayedPayment } from '@gw/application';
import { Router, type Request } from 'express';
import { merchantOf } from '../http/auth';
import { sendData } from '../http/envelope';
import { betaValidators, valid } from '../http/validation';
import { invoiceIntakeFrom } from '../requests/invoice-intake';
import { metaOf, toListQuery } from '../requests/list-query';
import type { BetaRouteDeps } from './deps';

/** Create an invoice, list the payment history, read one payment's information. */
export function paymentRoutes({ ctx, payments, auth, idempotent }: BetaRouteDeps): Router {
  const router = Router();
  const hostedPageUrl = (uuid: string) => `${ctx.config.baseUrl.replace(/\/+$/, '')}/pay/${uuid}`;
  const createdInvoice = (terms: PaymentTerms) => ({
    track_id: terms.trackId,
    payment_url: hostedPageUrl(terms.uuid),
    expired_at: unixSeconds(terms.expiresAt),
    date: unixSeconds(terms.createdAt),
  });

  router.post(
    '/payment/invoice',
    parseBody({ limitBytes: ctx.config.bodyLimitBytes }),
    auth,
    idempotent,
    asyncRoute(async (req, res) => {
      const input = valid(betaValidators.createInvoice.check(req.body));
      const merchant = merchantOf(res);
      const key = keyedCreateOf(res);
      const replayed = await replayedPayment(ctx, key);
      if (replayed) return sendData(res, createdInvoice(replayed));
      const intake = invoiceIntakeFrom(
        input,
        merchant,
        priceViewsOf(ctx.rates, ctx.config, ctx.clock.now()),
        ctx.config,
      );
      const { terms, reply } = await refusedLater(betaRefusal, () => openPayment(ctx, intake, key));
      if (!reply.ok) throw invalidField({ key: 'amount', message: reply.error.message });
      sendData(res, createdInvoice(terms));
    }),
  );

  // Official SDKs call the history without the trailing slash; the spec writes it with one.
  router.get(
    ['/payment', '/payment/'],
    auth,
    asyncRoute(async (req, res) => {
      const input = valid(betaValidators.paymentList.check(req.query));
      const rates = ctx.rates.current();
      const query = toListQuery(merchantOf(res).merchantId, input, rates);
      const [rows, total] = await Promise.all([payments.find(query.find), payments.count(query.find.filter)]);
      sendData(res, {
        list: rows.map((row) => betaListItem(row, rates)),
        meta: metaOf(query.page, query.size, total),
      });
    }),
  );

  router.get(
    '/payment/:trackId',
    auth,
    asyncRoute(async (req: Request<{ trackId: string }>, res, next) => {
      const { trackId } = req.params;
      // Track ids are digits; any other word after /payment/ names no endpoint (404, as upstream).
      const id = numericIdIn(trackId);
      if (id === null) return next();
      const payment = await payments.get(String(id));
      if (!payment || payment.merchantId !== merchantOf(res).merchantId) throw betaPaymentNotFound();
      sendData(res, betaPaymentInformation(payment, ctx.rates.current()));
    }),
  );

  return router;
}
