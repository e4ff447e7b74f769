import type { PaymentTerms } from '@gw/domain';
import { betaWhiteLabelRecord, betaWhiteLabelRefusal, invalidField } from '@gw/families';
import { asyncRoute, parseBody } from '@gw/platform';
import { keyedCreateOf, openPayment, priceViewsOf, refusedLater, replayedPayment } from '@gw/application';
import { projectPayment } from '@gw/views';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import { sendData } from '../http/envelope';
import { betaValidators, valid } from '../http/validation';
import { whiteLabelIntakeFrom } from '../requests/white-label-intake';
import type { BetaRouteDeps } from './deps';

/**
 * POST /payment/white-label: a payment whose address, amount and expiry the merchant shows on its own
 * page. Admitted and created as an invoice is; only its kind and its answer differ.
 */
export function whiteLabelRoutes({ ctx, auth, idempotent }: BetaRouteDeps): Router {
  const router = Router();
  const pagesUrl = ctx.config.baseUrl.replace(/\/+$/, '');
  const createdWhiteLabel = (terms: PaymentTerms) => {
    const payment = projectPayment(null, { type: 'PaymentCreated', data: terms }, 1);
    if (!payment) throw new Error(`payment ${terms.paymentId} has no document`);
    return betaWhiteLabelRecord(payment, ctx.rates.current(), `${pagesUrl}/pay/${terms.uuid}/qr.svg`);
  };

  router.post(
    '/payment/white-label',
    parseBody({ limitBytes: ctx.config.bodyLimitBytes }),
    auth,
    idempotent,
    asyncRoute(async (req, res) => {
      const input = valid(betaValidators.createWhiteLabel.check(req.body));
      const key = keyedCreateOf(res);
      const replayed = await replayedPayment(ctx, key);
      if (replayed) return sendData(res, createdWhiteLabel(replayed));
      const intake = whiteLabelIntakeFrom(
        input,
        merchantOf(res),
        priceViewsOf(ctx.rates, ctx.config, ctx.clock.now()),
        ctx.config,
      );
      const { terms, reply } = await refusedLater(betaWhiteLabelRefusal, () => openPayment(ctx, intake, key));
      if (!reply.ok) throw invalidField({ key: 'amount', message: reply.error.message });
      sendData(res, createdWhiteLabel(terms));
    }),
  );

  return router;
}
