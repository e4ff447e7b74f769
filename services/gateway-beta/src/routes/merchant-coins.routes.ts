import { admittingMerchant } from '@gw/application';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import { sendData } from '../http/envelope';
import { acceptedCurrencies } from '../records/accepted-currencies';
import type { BetaRouteDeps } from './deps';

/** The merchant's own coins; mounted before the payment routes, whose /payment/:trackId would take the path. */
export function merchantCoinsRoutes({ ctx, auth }: BetaRouteDeps): Router {
  const router = Router();
  router.get('/payment/accepted-currencies', auth, (_req, res) =>
    sendData(res, acceptedCurrencies(admittingMerchant(merchantOf(res), ctx.config), ctx.rates.current())),
  );
  return router;
}
