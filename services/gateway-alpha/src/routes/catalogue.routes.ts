import { asyncRoute } from '@gw/platform';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { merchantOf } from '../http/auth';
import { sendResult } from '../http/responses';
import { alphaValidators, valid } from '../http/validation';
import { exchangeRates, paymentServices } from '../records/catalogue-results';
import type { AlphaRouteDeps } from './deps';

/** The payment services a merchant may offer and the exchange rates of a currency. */
export function catalogueRoutes({ ctx, signed }: AlphaRouteDeps): Router {
  const router = Router();

  router.post(
    '/payment/services',
    signed,
    asyncRoute(async (_req, res) => {
      sendResult(res, paymentServices(ctx.rates.current(), merchantOf(res), ctx.config));
    }),
  );

  function exchangeRateList(req: Request, res: Response, next: NextFunction): void {
    try {
      const { currency } = valid(alphaValidators.exchangeRateParams.check({ ...req.params }));
      sendResult(res, exchangeRates(ctx.rates.current(), currency));
    } catch (error) {
      next(error);
    }
  }

  // Upstream documents GET; the official PHP SDK's request builder can only POST, so both are served.
  router.route('/exchange-rate/:currency/list').get(signed, exchangeRateList).post(signed, exchangeRateList);

  return router;
}
